import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../apps/server/test/server-process.ts';
import { CHROMIUM_ARGS, findChromium } from '../apps/web/e2e/support/chromium.ts';
import { startPortal } from './lib.ts';

const data = await mkdtemp(path.join(os.tmpdir(), 'probe-'));
const portal = await startPortal(await freePort(), {
  DATA_DIR: data,
  DATABASE_URL: '',
  WEB_DIST: path.resolve('apps/web/dist'),
});
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('request', (r) => console.log('req', r.url().replace(portal.url, '')));
await page.goto(`${portal.url}/en/dist`);
console.log('title before', await page.title());
await page.keyboard.press('Shift');
for (let i = 0; i < 10; i++) {
  await page.waitForTimeout(500);
  console.log(i, await page.title());
}
await browser.close();
await portal.stop();
