import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromPglite, type Job, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (pg-boss), in the portal's own database: its `pgboss` schema (decision 034). */
    jobs: PgBoss;
  }
}

/** pg-boss on the database the portal opened: the embedded client itself, or a small pool of its own. */
function queueOn(connection: DatabaseHandle['connection']) {
  // Supervision and its queue pass every 10 s: the jobs of a process that died (their heartbeat stopped) are
  // tried again some 20 s after, not a minute and more (pg-boss's defaults of 60 s each).
  const common = {
    schedule: false,
    registerInstance: false,
    openTelemetry: { enabled: false },
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  } as const;
  return 'pglite' in connection
    ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(connection.pglite) })
    : new PgBoss({ ...common, connectionString: connection.url, max: 4 });
}

/**
 * A batch worker's handler that settles each job on its own (with `perJobResults`): one job's failure retries only
 * that job, and the rest of its batch is done.
 */
export const eachJob =
  <T>(handle: (job: Job<T>) => Promise<unknown>) =>
  (batch: Job<T>[]) =>
    Promise.all(
      batch.map(async (job) => {
        try {
          await handle(job);
          return { id: job.id, status: 'completed' as const };
        } catch (error) {
          return { id: job.id, status: 'failed' as const, output: { message: String(error) } };
        }
      }),
    );

export default fp(
  async (app: FastifyInstance) => {
    const boss = queueOn(app.database.connection);
    boss.on('error', (error) => app.log.error({ err: error }, 'the job queue failed'));
    await boss.start();
    // Workers stop taking jobs and finish the ones they hold before the database closes (registered earlier).
    app.addHook('onClose', () => boss.stop({ graceful: true, close: true, timeout: 10_000 }));
    app.decorate('jobs', boss);
  },
  { name: 'jobs', dependencies: ['db'] },
);
