import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_HINT } from './e2e/support/chromium.ts';
import { E2E_ADMIN } from './e2e/support/session.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
const executablePath = findChromium();

// Playwright evaluates this file in the runner and again in each worker; workers inherit the runner's
// environment, so only the runner creates (and afterwards removes) the server's data folder.
const DATA_DIR_VARIABLE = 'PORTAL_E2E_DATA_DIR';
if (!process.env[DATA_DIR_VARIABLE]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  process.env[DATA_DIR_VARIABLE] = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  if (!executablePath) {
    console.log(NO_CHROMIUM_HINT);
    if (process.env.CI === 'true') process.exit(1);
  }
}

export default defineConfig({
  testDir: './e2e',
  forbidOnly: process.env.CI === 'true',
  reporter: process.env.CI === 'true' ? 'line' : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  // The real server, serving the built app from apps/web/dist (build it first: the root `npm test` does).
  webServer: executablePath
    ? {
        command: 'node ../server/src/server.ts',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        env: {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(PORT),
          DATA_DIR: process.env[DATA_DIR_VARIABLE] ?? '',
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          // Every test signs in from 127.0.0.1.
          AUTH_RATE_LIMIT: '1000',
          // New-edition mail goes out as soon as an edition is uploaded (e2e/new-edition-mail.spec.ts).
          NOTIFY_DELAY_MINUTES: '0',
          ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        },
      }
    : undefined,
});
