import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { freePort, killNow } from './server-process.ts';

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

/** Whether a test can start a redis-server of its own: skipped where none is installed, except in CI. */
export const withRedisServer = spawnSync('redis-server', ['--version']).status === 0 || process.env.CI === 'true';

/**
 * A redis-server of the test's own, on a free port or on `port` (one started again where it was), keeping
 * nothing on disk, for the test to lose (`kill`) or to freeze (`freeze`: SIGSTOP, so connections stay open and
 * nothing answers) under a running portal.
 */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    kill: () => killNow(child),
  };
}

export interface RedisServer {
  port: number;
  url: string;
  freeze(): void;
  thaw(): void;
  kill(): Promise<void>;
}
