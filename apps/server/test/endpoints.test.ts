import { ENDPOINTS, type Endpoint, FILE_ENDPOINTS } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

// The web app's calls are typed by the contract's tables: each entry must be a route, its method and pattern alike.
it.each([...(Object.keys(ENDPOINTS) as Endpoint[]), ...FILE_ENDPOINTS])('%s is a route under /api', (endpoint) => {
  const [method, path] = endpoint.split(' ') as [string, string];
  expect(app.hasRoute({ method, url: `/api${path}` })).toBe(true);
});
