import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_JSON_BODY_BYTES, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { errorBody } from './errors.ts';

describe('API basics', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('GET /api/health says the process answers, and /api/ready that the database and the store do', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'up', storage: 'writable' });
  });

  it('GET /api/config gives the browser the external links and who runs the portal', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().links.home).toMatch(/^https:\/\//);
    // No TERMS_URL or PRIVACY_URL: the web app links its built-in page.
    expect(response.json().links).not.toHaveProperty('terms');
    expect(response.json().operator).toBe('Teen Devotional');
  });

  it('an unknown /api route answers 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual(errorBody(MESSAGES.routeNotFound));
  });

  it('over plain HTTP sends no HSTS, and the docs page does not upgrade its requests', async () => {
    expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const docs = await app.inject({ url: '/api/docs/static/index.html' });
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends security headers with a content security policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toMatch(/connect-src 'self' ?(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document and its page', async () => {
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().paths).toHaveProperty('/api/health');
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('behind https (PUBLIC_URL)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  });
  afterAll(() => app.close());

  it('sends HSTS, and the docs page upgrades its requests', async () => {
    expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const docs = await app.inject({ url: '/api/docs/static/index.html' });
    expect(docs.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('an installation with its own terms and privacy notice', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp({
      TERMS_URL: 'https://example.org/terms',
      PRIVACY_URL: 'https://example.org/privacy',
      MAIL_FROM: 'Grace Chapel Youth <youth@example.org>',
    });
  });
  afterAll(() => app.close());

  it('GET /api/config links them and names the operator', async () => {
    const { links, operator } = (await app.inject({ url: '/api/config' })).json();
    expect(links).toMatchObject({ terms: 'https://example.org/terms', privacy: 'https://example.org/privacy' });
    expect(operator).toBe('Grace Chapel Youth');
  });
});

describe('request bodies', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
    app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
      database: await createTestDatabase(),
    });
    app.post('/api/test-echo', async (request) => request.body);
    app.get('/api/test-crash', async () => {
      throw new Error('database password is hunter2');
    });
    app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  });
  afterAll(() => app.close());

  it('malformed JSON answers 400 with a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(MESSAGES.malformedJson));
  });

  it('an oversize body answers 413 with a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(MAX_JSON_BODY_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody(MESSAGES.bodyTooLarge));
  });

  it('an unexpected error answers 500 with a generic message and no details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorBody(MESSAGES.unexpected));
    expect(response.body).not.toContain('hunter2');
  });
});

describe('web app', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
    const webDist = path.join(dataDir, 'dist');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    await writeFile(
      path.join(webDist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))})`,
    );
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), webDist };
    app = await buildApp(config, { database: await createTestDatabase() });
    app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  });
  afterAll(() => app.close());

  it.each(['/', '/admin/church', '/en/dist', '/no/such/page'])('GET %s serves the app page', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('hashed assets are cached for a year and compressed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('a missing asset is a 404, not the app page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });
});
