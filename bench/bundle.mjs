// What a first visit of each public page costs a phone on mobile data (issue 29): the bytes that come over the
// network, headers included, compressed as the server sends them (the build's Brotli files, or gzip), from the
// address to the page ready to use: its HTML, styles, fonts, scripts, catalogue and first API answers, until the
// network has been quiet for half a second. The pages are those the build prerendered, /{locale}/{page} for each
// dist/{locale}/{page}/index.html, each opened in a new browser context (empty cache, no service worker) at
// Lighthouse's phone size, from the real server (its sources, a fresh embedded database) serving the build, and not
// touched: a page that starts its app when the visitor first touches it (decision 052) is counted as read.
// Run after `npm run build` (or WEB_DIST=<another build>): prints a table; exits with 1 when a page is over
// the goal, with 2 when it could not measure.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../apps/server/test/server-process.ts';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_HINT } from '../apps/web/e2e/support/chromium.ts';
import { startPortal } from './lib.ts';

/** Issue 29's goal for a first visit, as bench/lighthouse.ts counts it (1 KB = 1,000 bytes), enforced for every page. */
const GOAL_BYTES = 150_000;
/** Lighthouse's mobile preset's screen (a Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
const locales = readdirSync(path.join(import.meta.dirname, '../packages/contract/locales'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/** The folders under `folder` that hold a prerendered index.html, as paths relative to it. */
function prerendered(folder, under = '') {
  return readdirSync(path.join(folder, under), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const page = path.posix.join(under, entry.name);
      const here = existsSync(path.join(folder, page, 'index.html')) ? [page] : [];
      return [...here, ...prerendered(folder, page)];
    });
}

const addresses = locales
  .filter((locale) => existsSync(path.join(dist, locale)))
  .flatMap((locale) => prerendered(path.join(dist, locale)).map((page) => ({ page, locale })));
if (addresses.length === 0) {
  console.error(`No prerendered page under ${dist}/{${locales.join(',')}}: run "npm run build" first.`);
  process.exit(2);
}
const executablePath = findChromium();
if (!executablePath) {
  console.error(NO_CHROMIUM_HINT);
  process.exit(2);
}

/** What the browser's resource types count as, in the table's columns. */
const KINDS = { Document: 'HTML', Stylesheet: 'CSS', Script: 'scripts', Font: 'fonts' };
const COLUMNS = ['HTML', 'CSS', 'scripts', 'fonts', 'other'];

/** One first visit: bytes by kind, the requests, and the encodings the answers came in. */
async function firstVisit(browser, url) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      requests.set(requestId, { kind: KINDS[type] ?? 'other', encoding: headers['content-encoding'] ?? 'none' });
    });
    const bytes = Object.fromEntries(COLUMNS.map((column) => [column, 0]));
    const encodings = new Map();
    let count = 0;
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId) ?? { kind: 'other', encoding: 'none' };
      bytes[request.kind] += encodedDataLength;
      encodings.set(request.encoding, (encodings.get(request.encoding) ?? 0) + 1);
      count += 1;
    });
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'networkidle' });
    return { bytes, total: Object.values(bytes).reduce((sum, each) => sum + each, 0), count, encodings };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const data = await mkdtemp(path.join(os.tmpdir(), 'portal-bundle-'));
const portal = await startPortal(await freePort(), { DATA_DIR: data, DATABASE_URL: '', WEB_DIST: dist });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  // A first visit, not counted: the server's and the browser's own first-use costs.
  await firstVisit(browser, `${portal.url}/${addresses[0].locale}/${addresses[0].page}`);
  const rows = [];
  for (const { page, locale } of addresses) {
    rows.push({
      address: `/${locale}/${page}`,
      ...(await firstVisit(browser, `${portal.url}/${locale}/${page}`)),
    });
  }
  const width = Math.max(...rows.map((row) => row.address.length)) + 2;
  const cells = (values) => values.map((value) => value.padStart(10)).join('');
  console.log(
    `First visit of each prerendered page (${path.relative(process.cwd(), dist) || dist}): bytes transferred, ` +
      `headers included, 1 KB = 1,000 bytes; goal ${kb(GOAL_BYTES)}, enforced\n`,
  );
  console.log(`${'page'.padEnd(width)}${cells([...COLUMNS, 'total'])}  requests  encodings       goal`);
  for (const row of rows) {
    const encodings = [...row.encodings].map(([name, times]) => `${name} ${times}`).join(', ');
    const goal = row.total <= GOAL_BYTES ? 'met' : 'OVER';
    console.log(
      `${row.address.padEnd(width)}${cells([...COLUMNS.map((column) => kb(row.bytes[column])), kb(row.total)])}` +
        `  ${String(row.count).padStart(8)}  ${encodings.padEnd(14)}  ${goal.padStart(5)}`,
    );
  }
  const over = rows.filter((row) => row.total > GOAL_BYTES);
  if (over.length > 0) {
    console.error(`\nOver the goal: ${over.map((row) => row.address).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await portal.stop();
  await rm(data, { recursive: true, force: true });
}
