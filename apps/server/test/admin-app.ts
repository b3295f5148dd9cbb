import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from './app.ts';

/**
 * A test file's portal with an Admin signed in to it: the file calls useAdminApp() once, then reads
 * these live bindings.
 */
export let app: TestApp;
export let admin: Awaited<ReturnType<typeof loginAs>>;

/** An id no record has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export function useAdminApp() {
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await loginAs(app, 'Admin');
  });
  afterAll(() => app.close());
}
