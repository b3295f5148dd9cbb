/**
 * Issue 29's pages through Lighthouse's mobile preset (simulated slow 4G: 150 ms round trip, 1.6 Mbit/s, CPU
 * 4× slower), on the portal as `npm start` runs it (the web app built if its sources changed, the server's
 * bundle, a fresh data folder and the embedded database): performance, LCP, bytes transferred and
 * accessibility, medians of ROUNDS rounds taken in turn across the pages, printed beside the goals.
 * - Public pages, in each locale: a first visit (Lighthouse clears the origin's storage and the cache first).
 * - The member home (/): in a fresh state, the landing page, the Sign In dialog; then a first load on that
 *   device (the service worker the sign-in installed and its caches removed, the browser's HTTP cache and the
 *   session kept), a returning member's (the first load's service worker installed, its cache kept), and one
 *   with nothing cached at all (service worker, its caches and the HTTP cache removed, the session kept).
 * Then, from the last round: the metrics behind the score of the landing page (first locale) and the member
 * home, the landing page's ten largest requests and its render-blocking ones, and each accessibility audit failed.
 * Chromium is Debian's, started with the tests' flags and driven by puppeteer-core, the client Lighthouse
 * itself drives a page with: the dialog is filled in the very page Lighthouse then measures.
 * Run: node bench/lighthouse.ts   (ROUNDS=3; LOCALES=en,fr, PAGES=landing,member for fewer; exits 0 whatever it finds)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@portal/contract';
import lighthouse, { type Config, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_HINT } from '../apps/web/e2e/support/chromium.ts';
import { call, createMembers, median, pdfOfSize, signInAsAdmin, startPortal, uploadEditions } from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** createMembers' first member and its password. */
const MEMBER = { email: 'member0@bench.example', password: 'Member-password-1' };

interface Goal {
  performance: number;
  /** ms */
  lcp: number;
  /** Bytes transferred (1 KB = 1,000 bytes); none for the member home. */
  bytes?: number;
}
const PUBLIC_GOAL: Goal = { performance: 95, lcp: 2000, bytes: 150_000 };

/** The public pages under /{locale}/ (apps/web/src/app/router.tsx); verify-email as opened without a mailed token. */
const PUBLIC_PAGES = {
  landing: 'dist',
  signup: 'signup',
  login: 'login',
  'forgot-password': 'account/forgot-password',
  'verify-email': 'account/verify-email',
};
const MEMBER_GOALS: Record<string, Goal> = {
  'member home, first': { performance: 90, lcp: 2500 },
  'member home, returning': { performance: 93, lcp: 2500 },
  'member home, cold cache': { performance: 90, lcp: 2500 },
};
const locales = process.env.LOCALES?.split(',') ?? LOCALES;
const pages = process.env.PAGES?.split(',') ?? [...Object.keys(PUBLIC_PAGES), 'member'];

const config: Config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance', 'accessibility'] },
};

interface Figures {
  performance: number;
  lcp: number;
  bytes: number;
  accessibility: number;
}

/** Chromium as the tests start it, headless, with a profile of its own and the DevTools port open. */
async function launchChromium(executable: string, profile: string): Promise<Browser> {
  const args = ['--headless', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`];
  const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk;
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(said)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', () => reject(new Error(`Chromium exited: ${said}`)));
  });
  return puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null });
}

/**
 * One Lighthouse navigation of `url` in `page`: its report, or undefined (said why) when the run failed. A
 * public page's failed run (now and then the trace misses its navigation start) is tried once more: with the
 * storage reset, the second try is a first visit too. A member's is not: the first try changed the device.
 */
async function measure(page: Page, url: string, keepStorage: boolean): Promise<Result | undefined> {
  for (let attempt = 1; ; attempt++) {
    const report = (await lighthouse(url, { disableStorageReset: keepStorage, logLevel: 'error' }, config, page))?.lhr;
    if (report && !report.runtimeError) return report;
    console.warn(`${url}: ${report?.runtimeError?.message ?? 'no report'}`);
    if (keepStorage || attempt === 2) return undefined;
  }
}

const figuresOf = (report: Result): Figures => ({
  performance: Math.round(100 * (report.categories.performance?.score ?? 0)),
  lcp: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  bytes: report.audits['total-byte-weight']?.numericValue ?? Number.NaN,
  accessibility: Math.round(100 * (report.categories.accessibility?.score ?? 0)),
});

/** Waits until the page's service worker is active, its precache filled (at most 30 s). */
const serviceWorkerReady = (page: Page) =>
  page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(r, 30_000, false))]),
  );

/** A fresh device, the landing page, Sign In, then the member home: first load, and a returning member's. */
async function memberHome(page: Page, origin: string) {
  const cdp = await page.createCDPSession();
  const forget = async (storageTypes: string, { httpCache = true } = {}) => {
    await page.goto('about:blank');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes });
    if (httpCache) await cdp.send('Network.clearBrowserCache');
  };
  await forget('all');
  await page.goto(`${origin}/en/dist`);
  await page.locator('main ::-p-aria([name="Sign In"][role="link"])').click();
  await page.locator('#sign-in-email').fill(MEMBER.email);
  // Typing started the app (decision 052): the dialog is the app's once it is modal.
  await page.waitForSelector('dialog:modal');
  await page.locator('#sign-in-password').fill(MEMBER.password);
  await page.locator('dialog button[type="submit"]').click();
  await page.waitForFunction(() => location.pathname === '/');
  if (!(await serviceWorkerReady(page))) console.warn('no service worker after signing in');
  // The first load on this device: no service worker yet, the browser's cache as signing in left it (the app's
  // scripts, which Sign In needs to send the form).
  await forget('service_workers,cache_storage', { httpCache: false });
  const first = await measure(page, `${origin}/`, true);
  if (!(await serviceWorkerReady(page))) console.warn('no service worker after the first load');
  const returning = await measure(page, `${origin}/`, true);
  // Nothing cached at all, the session kept: a signed-in member whose browser emptied its cache.
  await forget('service_workers,cache_storage');
  const cold = await measure(page, `${origin}/`, true);
  await cdp.detach();
  return { 'member home, first': first, 'member home, returning': returning, 'member home, cold cache': cold };
}

interface Row {
  page: string;
  locale: string;
  goal: Goal;
  figures: Figures[];
}

const misses = (figures: Figures, goal: Goal) =>
  [
    figures.performance < goal.performance && 'performance',
    figures.lcp > goal.lcp && 'LCP',
    goal.bytes !== undefined && figures.bytes > goal.bytes && 'bytes',
    figures.accessibility < 100 && 'accessibility',
  ].filter((miss) => miss !== false);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const goalText = (goal: Goal) =>
  `≥ ${goal.performance}, ≤ ${seconds(goal.lcp)}${goal.bytes ? `, ≤ ${kb(goal.bytes)}` : ''}, 100`;

const WIDTHS = [24, 7, 5, 7, 8, 5, 30];
/** The cells of one line, the figures right-aligned. */
const line = (cells: string[]) =>
  cells
    .map((cell, index) =>
      index >= 2 && index <= 5 ? cell.padStart(WIDTHS[index] ?? 0) : cell.padEnd(WIDTHS[index] ?? 0),
    )
    .join('  ');

function printTable(rows: Row[]) {
  console.log(line(['page', 'locale', 'perf', 'LCP', 'bytes', 'a11y', 'goal: perf, LCP, bytes, a11y', 'met']));
  let over = 0;
  const missedGoals = new Map<string, number>();
  for (const { page, locale, goal, figures } of rows) {
    const of = (figure: keyof Figures) => median(figures.map((run) => run[figure]));
    const medians = {
      performance: of('performance'),
      lcp: of('lcp'),
      bytes: of('bytes'),
      accessibility: of('accessibility'),
    };
    const missed = figures.length === 0 ? ['no run succeeded'] : misses(medians, goal);
    const fewer = figures.length < ROUNDS ? ` (${figures.length} of ${ROUNDS} runs)` : '';
    if (missed.length > 0) over += 1;
    for (const miss of missed) missedGoals.set(miss, (missedGoals.get(miss) ?? 0) + 1);
    const shown = [String(medians.performance), seconds(medians.lcp), kb(medians.bytes), String(medians.accessibility)];
    console.log(
      line([page, locale, ...shown, goalText(goal), `${missed.length === 0 ? '✓' : `✗ ${missed.join(', ')}`}${fewer}`]),
    );
  }
  const counts = [...missedGoals].map(([miss, count]) => `${miss} ${count}`).join(', ');
  console.log(over === 0 ? '\nEvery goal met.' : `\n${over} of ${rows.length} rows over their goals (${counts}).`);
}

/** What makes up one run's score, for whoever makes the page lighter. */
function printMetrics(name: string, report: Result) {
  const shown = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ];
  const values = shown.map((id) => `${report.audits[id]?.title}: ${report.audits[id]?.displayValue}`);
  console.log(`\n${name}, last round: ${values.join(', ')}`);
}

/** The accessibility audits the last round failed, each with the pages that failed it and its first elements. */
function printAccessibilityFailures(reports: Map<string, Result>) {
  const failures = new Map<string, string[]>();
  for (const [name, report] of reports) {
    for (const { id } of report.categories.accessibility?.auditRefs ?? []) {
      const audit = report.audits[id];
      if (audit?.score !== 0) continue;
      const items = (audit.details as { items?: { node?: { snippet?: string } }[] })?.items ?? [];
      const failure = [`${id}: ${audit.title}`, ...items.slice(0, 3).map(({ node }) => `  ${node?.snippet}`)].join(
        '\n  ',
      );
      failures.set(failure, [...(failures.get(failure) ?? []), name]);
    }
  }
  for (const [failure, names] of failures) {
    console.log(`\nAccessibility, last round, ${names.join(', ')}:\n  ${failure}`);
  }
}

/** The ten largest requests and the render-blocking ones, as Lighthouse lists them. */
function printRequests(name: string, report: Result) {
  type Request = { url: string; resourceType?: string; transferSize?: number };
  const requests = ((report.audits['network-requests']?.details as { items?: Request[] })?.items ?? [])
    .toSorted((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, 10);
  console.log(`${name}, last round, its ten largest requests (bytes transferred):`);
  for (const { url, resourceType = '', transferSize = 0 } of requests) {
    console.log(`  ${kb(transferSize).padStart(7)}  ${resourceType.padEnd(11)} ${url}`);
  }
  type Blocking = { url: string; totalBytes?: number; wastedMs?: number };
  const blocking = (report.audits['render-blocking-insight']?.details as { items?: Blocking[] })?.items ?? [];
  console.log(`Render-blocking requests (${blocking.length}; bytes, the time Lighthouse estimates each costs):`);
  for (const { url, totalBytes = 0, wastedMs = Number.NaN } of blocking) {
    console.log(`  ${kb(totalBytes).padStart(7)}  ${`${wastedMs.toFixed(0)} ms`.padStart(7)}  ${url}`);
  }
}

const executablePath = findChromium();
if (!executablePath) {
  console.error(NO_CHROMIUM_HINT);
  process.exit(2);
}
execFileSync('npm', ['run', 'build:if-changed', '-w', '@portal/web'], { stdio: 'inherit' });
// A sign-in and two refreshes every round: more than the default allowance a minute.
const portal = await startPortal(4821, { AUTH_RATE_LIMIT: '1000' }, 'bundle');
const profile = await mkdtemp(path.join(os.tmpdir(), 'portal-lighthouse-'));
const browser = await launchChromium(executablePath, profile);
try {
  const admin = await signInAsAdmin(portal.url);
  await call(`${portal.url}/api/languages`, admin, 'POST', { name: 'English' }, 201);
  await uploadEditions(portal.url, admin, 'English', new Blob([new Uint8Array(pdfOfSize(1))]), 2);
  await createMembers(portal.url, admin, 1);

  const publicPages = Object.entries(PUBLIC_PAGES).filter(([page]) => pages.includes(page));
  const rows = new Map<string, Row>();
  for (const [page] of publicPages) {
    for (const locale of locales) rows.set(`${page} ${locale}`, { page, locale, goal: PUBLIC_GOAL, figures: [] });
  }
  if (pages.includes('member')) {
    for (const [page, goal] of Object.entries(MEMBER_GOALS)) rows.set(page, { page, locale: 'en', goal, figures: [] });
  }
  const lastReports = new Map<string, Result>();
  const page = await browser.newPage();
  // A first load, not counted: the server's and the browser's own first-use costs.
  await measure(page, `${portal.url}/en/dist`, false);
  for (let round = 0; round < ROUNDS; round++) {
    const reports: [string, Result | undefined][] = [];
    for (const [name, address] of publicPages) {
      for (const locale of locales) {
        reports.push([`${name} ${locale}`, await measure(page, `${portal.url}/${locale}/${address}`, false)]);
      }
    }
    if (pages.includes('member')) {
      // A failed run is taken again from a fresh device: the sign-in, then both loads.
      let member = await memberHome(page, portal.url);
      if (Object.values(member).includes(undefined)) member = await memberHome(page, portal.url);
      reports.push(...Object.entries(member));
    }
    for (const [name, report] of reports) {
      if (!report) continue;
      rows.get(name)?.figures.push(figuresOf(report));
      lastReports.set(name, report);
    }
    console.log(`round ${round + 1} of ${ROUNDS} done`);
  }

  const version = lastReports.values().next().value?.lighthouseVersion ?? '';
  console.log(
    `\nLighthouse ${version} mobile preset (simulated slow 4G: 150 ms, 1.6 Mbit/s, CPU 4× slower), ` +
      `${await browser.version()}, medians of ${ROUNDS} rounds; 1 KB = 1,000 bytes\n`,
  );
  printTable([...rows.values()]);
  for (const [name, report] of lastReports) {
    if (name === `landing ${locales[0]}` || name.startsWith('member')) printMetrics(name, report);
    // The landing page's, and those of any page over its bytes' goal: where to look first.
    const overBytes = (PUBLIC_GOAL.bytes ?? Number.POSITIVE_INFINITY) < figuresOf(report).bytes;
    if (name === `landing ${locales[0]}` || (overBytes && !name.startsWith('member'))) printRequests(name, report);
  }
  printAccessibilityFailures(lastReports);
} finally {
  await browser.close();
  await portal.stop();
  await rm(portal.dataDir, { recursive: true, force: true });
  await rm(profile, { recursive: true, force: true });
}
