import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { REDIS_TEST_URL, withRedis } from '../../../test/redis.ts';

describe('GET /api/health and GET /api/ready', () => {
  let app: TestApp;
  const log: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    app = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.restoreAllMocks();
    log.length = 0;
  });

  it('health answers that the process lives, without asking the database', async () => {
    const ping = vi.spyOn(app.database, 'ping').mockRejectedValue(new Error('down'));
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
    vi.spyOn(app.database, 'ping').mockRejectedValue(failure);
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

describe.runIf(withRedis)('GET /api/ready with REDIS_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ REDIS_URL: REDIS_TEST_URL });
  });
  afterAll(() => app.close());

  it('asks Redis too, and answers 503 when it does not answer', async () => {
    expect((await app.inject({ url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      database: 'up',
      storage: 'writable',
      redis: 'up',
    });
    vi.spyOn(app.redis as NonNullable<TestApp['redis']>, 'ping').mockRejectedValueOnce(new Error('gone'));
    const response = await app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unready', redis: 'down' });
  });
});
