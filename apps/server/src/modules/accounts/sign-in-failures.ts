import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import type { Redis } from 'ioredis';
import { HttpError } from '../../errors.ts';

/** How failures are counted: each account's count within its window, which starts at its first failure. */
interface Counter {
  count(key: string): Promise<number>;
  add(key: string): Promise<void>;
}

function inMemory(windowMs: number): Counter {
  const failures = new Map<string, { count: number; until: number }>();
  const count = (key: string) => {
    const entry = failures.get(key);
    return entry && entry.until > Date.now() ? entry.count : 0;
  };
  return {
    count: async (key) => count(key),
    async add(key) {
      const now = Date.now();
      if (failures.size > 10_000) {
        for (const [stored, entry] of failures) if (entry.until <= now) failures.delete(stored);
      }
      const until = count(key) > 0 ? (failures.get(key)?.until ?? now + windowMs) : now + windowMs;
      failures.set(key, { count: count(key) + 1, until });
    },
  };
}

/**
 * In the Redis every instance shares; keys are hashed, so no e-mail address is kept there.
 * While Redis does not answer (plugins/redis.ts bounds each command) sign-in is refused with 503: counted in
 * one instance's memory, an account's failures would get a fresh allowance at every instance (decision 037).
 */
function inRedis(redis: Redis, windowMs: number): Counter {
  const name = (key: string) => `portal-sign-in-failures:${createHash('sha256').update(key).digest('base64url')}`;
  const unavailable = (): never => {
    throw new HttpError(503, ACCOUNT_MESSAGES.signInUnavailable);
  };
  return {
    count: (key) => redis.get(name(key)).then((count) => Number(count ?? 0), unavailable),
    async add(key) {
      await redis.multi().incr(name(key)).pexpire(name(key), windowMs, 'NX').exec().catch(unavailable);
    },
  };
}

/**
 * Failed sign-ins of the last minute per account: in memory, or in Redis when several instances share it.
 * Past `limit` failures an account is under attack (the sign-in route then tries it only from addresses it
 * has signed in from before).
 */
export function signInFailures(limit: number, { redis, windowMs = 60_000 }: { redis?: Redis; windowMs?: number } = {}) {
  const counter = redis ? inRedis(redis, windowMs) : inMemory(windowMs);
  return {
    /** Whether the account has failed `limit` times in the window. */
    underAttack: async (email: string) => (await counter.count(email)) >= limit,
    record: (email: string) => counter.add(email),
  };
}
