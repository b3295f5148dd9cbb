import type { Readiness } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/** How long each dependency has to answer: a hung one must not hang the probe (load balancers give up after a few seconds). */
export const CHECK_TIMEOUT_MS = 2_000;

interface Outcome<State> {
  state: State;
  /** Why a check failed, for the log: an error's code or name, or `timeout`; never its message, which may quote a URL. */
  reason?: string;
}

/** What `check` settles with, or `failed` when it throws or takes longer than CHECK_TIMEOUT_MS. */
async function within<State>(check: () => Promise<State>, failed: State): Promise<Outcome<State>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome<State>>((resolve) => {
    timer = setTimeout(() => resolve({ state: failed, reason: 'timeout' }), CHECK_TIMEOUT_MS);
  });
  const answered = check().then(
    (state) => ({ state }),
    (error: unknown) => ({
      state: failed,
      reason: error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.name) : 'error',
    }),
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the database (its schema too), the file store and Redis (when set) side by side; logs at warn what
 * fails. A Redis that does not answer is named but leaves the instance ready: it serves without it (the
 * limits count in memory, sign-in answers 503; decision 037), and every instance shares that Redis, so
 * taking them all out of the load balancer would only stop the rest as well.
 */
export async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  const { redis } = app;
  const [database, storage, redisOutcome] = await Promise.all([
    within(() => app.database.check(), 'down' as const),
    within(() => app.storage.check(), 'unreachable' as const),
    redis && within(() => redis.ping().then(() => 'up' as const), 'down' as const),
  ]);
  const ready = database.state === 'up' && storage.state === 'writable';
  const answer: Readiness = {
    status: ready ? 'ready' : 'unready',
    database: database.state,
    storage: storage.state,
    ...(redisOutcome && { redis: redisOutcome.state }),
  };
  if (!ready || redisOutcome?.state === 'down') {
    const reasons = { database: database.reason, storage: storage.reason, redis: redisOutcome?.reason };
    app.log.warn({ ...answer, reasons }, ready ? 'ready without Redis' : 'not ready');
  }
  return answer;
}
