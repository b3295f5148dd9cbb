import { connect } from 'node:net';

/**
 * The Redis the shared-state tests use: REDIS_TEST_URL, else one on this machine's standard port. On a
 * machine without one those tests are skipped, except in CI, where a missing Redis is a failure.
 */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

export function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_TEST_URL);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export const withRedis = (await redisReachable()) || process.env.CI === 'true';
