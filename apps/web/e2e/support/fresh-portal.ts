import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// The server tests' own process helpers: one way to start a portal for a test.
import { freePort, killNow, startServer } from '../../../server/test/server-process.ts';
import { test as base } from '../fixtures.ts';
import { E2E_ADMIN } from './session.ts';

/**
 * A portal of its own: a fresh install (new data folder, embedded database, the same Super Admin and settings as
 * the shared end-to-end server, plus `settings`). Answers its address and how to stop it (and remove its data).
 */
export async function startFreshPortal(settings: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-fresh-'));
  const port = await freePort();
  const { DATABASE_URL: _, ...inherited } = process.env;
  const server = await startServer({
    ...inherited,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    AUTH_RATE_LIMIT: '1000',
    ...settings,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await killNow(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Playwright's test against a fresh portal (startFreshPortal), one per test file: the worker keeps the file's
 * portal while it runs the file's tests and stops it when it moves on to another file, so a file may change what
 * every other test relies on (the country list, the languages) and still start from a fresh install.
 * `baseURL` points at it: `page.goto('/')` and `request` reach the fresh portal.
 */
export const freshTest = base.extend<{ freshPortal: string }, { portalOfFile: (file: string) => Promise<string> }>({
  portalOfFile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      let current: { file: string; portal: Awaited<ReturnType<typeof startFreshPortal>> } | undefined;
      await use(async (file) => {
        if (current?.file !== file) {
          await current?.portal.stop();
          current = { file, portal: await startFreshPortal() };
        }
        return current.portal.url;
      });
      await current?.portal.stop();
    },
    { scope: 'worker' },
  ],
  freshPortal: async ({ portalOfFile }, use, testInfo) => {
    // A first start migrates and seeds a new database: on a busy machine that takes longer than a test's 30 s.
    testInfo.setTimeout(testInfo.timeout + 120_000);
    await use(await portalOfFile(testInfo.file));
  },
  baseURL: async ({ freshPortal }, use) => use(freshPortal),
});
