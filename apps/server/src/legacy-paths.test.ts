import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, nextAddress, type TestApp } from '../test/app.ts';
import { buildTestAppWithRoutes } from '../test/routes.ts';
import { LEGACY_PATHS, restRoute, rewriteLegacyUrl } from './legacy-paths.ts';

describe('rewriteLegacyUrl', () => {
  it('takes an old path, with its parameters, query and any trailing slash, to the REST path', () => {
    expect(rewriteLegacyUrl('GET', '/api/church/getById/abc-1')).toBe('/api/churches/abc-1');
    expect(rewriteLegacyUrl('POST', '/api/church/create/')).toBe('/api/churches');
    expect(rewriteLegacyUrl('GET', '/api/files/download/f1?token=t.x')).toBe('/api/files/f1/download?token=t.x');
    expect(rewriteLegacyUrl('HEAD', '/api/files/download/f1')).toBe('/api/files/f1/download');
    expect(
      rewriteLegacyUrl('GET', '/api/transaction/getcountDownloadByDateRange?start=2025-01-01&end=2025-01-31'),
    ).toBe('/api/stats/languages?start=2025-01-01&end=2025-01-31');
  });

  it('leaves REST paths, other methods and unknown paths as they are', () => {
    expect(rewriteLegacyUrl('GET', '/api/churches/abc')).toBe('/api/churches/abc');
    expect(rewriteLegacyUrl('DELETE', '/api/church/getAll')).toBe('/api/church/getAll');
    expect(rewriteLegacyUrl('GET', '/api/church/getById/a/b')).toBe('/api/church/getById/a/b');
  });
});

describe('the original API’s paths', () => {
  let app: TestApp;
  let routes: string[];
  beforeAll(async () => {
    ({ app, routes } = await buildTestAppWithRoutes());
  });
  afterAll(() => app.close());

  it('each name a registered REST route, and none is registered itself', () => {
    for (const [method, legacy, path] of LEGACY_PATHS) {
      expect(routes, `${method} ${legacy}`).toContain(`${method} ${path}`);
      expect(restRoute(`${method} ${legacy}/`)).toBe(`${method} ${path}`);
      expect(routes).not.toContain(`${method} ${legacy}`);
    }
  });

  it('each reach their REST route: the same answer from both, for a Super Admin’s read and a visitor’s change', async () => {
    const admin = await loginAs(app, 'Super Admin');
    for (const [method, legacy, path] of LEGACY_PATHS) {
      const ask = (url: string) =>
        app.inject({
          method: method as HTTPMethods,
          url: url.replace(':id', admin.account.id),
          headers: method === 'GET' ? admin.headers : {},
          remoteAddress: nextAddress(),
        });
      const [old, rest] = await Promise.all([ask(legacy), ask(path)]);
      expect([old.statusCode, old.json()], `${method} ${legacy}`).toEqual([rest.statusCode, rest.json()]);
    }
  });

  it('are answered like their REST routes, and listed beside them in the OpenAPI document', async () => {
    const [old, rest] = await Promise.all([
      app.inject({ url: '/api/church/getAll/' }),
      app.inject({ url: '/api/churches' }),
    ]);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual(rest.json());
    const document = (await app.inject({ url: '/api/docs/json' })).json();
    expect(document.paths['/api/church/getById/{id}'].get.summary).toContain('GET /api/churches/:id');
    expect(document.paths['/api/churches/{id}'].get).toBeDefined();
  });
});
