import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';

/** The value with every object's keys sorted: the document's meaning, whatever order the routes register in. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, each]) => [key, sorted(each)]),
        )
      : value;

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

// Outside clients are generated from this document: a change to it is a change to the API. When one is meant,
// `npx vitest run test/openapi.test.ts -u` writes the new document, and the diff shows what changed.
it('the OpenAPI document is the one outside clients know', async () => {
  const document = (await app.inject({ url: '/api/docs/json' })).json();
  await expect(`${JSON.stringify(sorted(document), null, 2)}\n`).toMatchFileSnapshot('./openapi.json');
});
