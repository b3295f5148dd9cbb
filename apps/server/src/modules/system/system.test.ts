import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { bigint, integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { onServer } from '../../../test/database.ts';
import { beforeDeadline } from '../../../test/deadline.ts';
import { startRedisServer, withRedisServer } from '../../../test/redis.ts';

const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: integer('id').notNull(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** Collects an app's log lines. */
function logLines() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  return { lines, stream };
}

describe('GET /api/health and GET /api/ready', () => {
  let app: TestApp;
  const { lines: log, stream } = logLines();

  beforeAll(async () => {
    app = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.restoreAllMocks();
    log.length = 0;
  });

  it('health answers that the process lives, without asking the database', async () => {
    const ping = vi.spyOn(app.database, 'check').mockRejectedValue(new Error('down'));
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    expect(ping).not.toHaveBeenCalled();
  });

  it('ready answers 200 naming each dependency, Redis left out when unset', async () => {
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', storage: 'writable' });
  });

  it("sends the browser on to the installation's links by name, and answers 404 for a link it has not", async () => {
    const config = (await app.inject({ url: '/api/config' })).json();
    const sponsor = await app.inject({ url: '/api/links/sponsor' });
    expect(sponsor.statusCode).toBe(302);
    expect(sponsor.headers.location).toBe(config.links.sponsor);
    // TERMS_URL is unset here: the web app shows its built-in page instead.
    expect((await app.inject({ url: '/api/links/terms' })).statusCode).toBe(404);
    const unknown = await app.inject({ url: '/api/links/elsewhere' });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps both probes out of the per-request log', async () => {
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/ready' });
    await app.inject({ url: '/api/config' });
    expect(log.join('')).toContain('/api/config');
    expect(log.join('')).not.toMatch(/\/api\/(health|ready)/);
  });

  it('ready answers 503 naming a database that fails, and logs why without its message', async () => {
    const failure = Object.assign(new Error('connect to postgres://portal:hunter2@db failed'), {
      code: 'ECONNREFUSED',
    });
    vi.spyOn(app.database, 'check').mockRejectedValue(failure);
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unready', database: 'down', storage: 'writable' });
    const line = JSON.parse(log.find((entry) => entry.includes('not ready')) ?? '{}');
    expect(line).toMatchObject({ level: 40, database: 'down', reasons: { database: 'ECONNREFUSED' } });
    expect(log.join('')).not.toContain('hunter2');
  });

  it('ready answers 503 within its timeout when the store hangs', async () => {
    vi.spyOn(app.storage, 'check').mockReturnValue(new Promise(() => {}));
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ database: 'up', storage: 'unreachable' });
    expect(log.join('')).toContain('"storage":"timeout"');
  });

  it('ready answers 503 naming a full disk', async () => {
    vi.spyOn(app.storage, 'check').mockResolvedValue('full');
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unready', storage: 'full' });
  });
});

describe('GET /api/ready and the database’s schema', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers 503 naming a database without this server’s last migration', async () => {
    const [last] = await app.db.select().from(appliedMigrations).orderBy(desc(appliedMigrations.createdAt)).limit(1);
    if (!last) throw new Error('no migration recorded');
    await app.db.delete(appliedMigrations).where(eq(appliedMigrations.id, last.id));
    try {
      const response = await app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', database: 'unmigrated', storage: 'writable' });
    } finally {
      await app.db.insert(appliedMigrations).values(last);
    }
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  // The embedded database can't be dropped under its portal: one process holds its folder, locked.
  it.runIf(process.env.DATABASE_URL)('answers 503 once the database is dropped and made again, empty', async () => {
    const server = process.env.DATABASE_URL as string;
    const name = new URL((app.database.connection as { url: string }).url).pathname.slice(1);
    await onServer(server, `drop database "${name}" with (force)`);
    await onServer(server, `create database "${name}"`);
    const response = await beforeDeadline(app.inject({ url: '/api/ready' }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unready', database: 'unmigrated', storage: 'writable' });
  });
});

type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;

describe.runIf(withRedisServer).each([
  { how: 'lost', fail: (redis: RedisServer) => redis.kill() },
  { how: 'frozen', fail: (redis: RedisServer) => redis.freeze() },
])('GET /api/ready with REDIS_URL, once Redis is $how', ({ fail }) => {
  let redis: RedisServer;
  let app: TestApp;
  const { lines: log, stream } = logLines();
  beforeAll(async () => {
    redis = await startRedisServer();
    app = await buildTestApp({ REDIS_URL: redis.url, LOG_LEVEL: 'warn' }, { logStream: stream });
  });
  afterAll(async () => {
    await redis?.kill();
    await app?.close();
  });

  it('names Redis down and stays ready: the instance serves without it', async () => {
    expect((await app.inject({ url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      database: 'up',
      storage: 'writable',
      redis: 'up',
    });
    await fail(redis);
    const response = await beforeDeadline(app.inject({ url: '/api/ready' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', storage: 'writable', redis: 'down' });
    const line = JSON.parse(log.find((entry) => entry.includes('ready without Redis')) ?? '{}');
    expect(line).toMatchObject({ level: 40, redis: 'down' });
  });
});
