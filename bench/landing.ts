/**
 * The landing page's Largest Contentful Paint on a phone: Chromium at 412 px (Pixel 7, mobile) with the CPU
 * slowed 4×, each load cold (a fresh browser context: empty cache, no storage). Beside the real portal, in the
 * same run and rounds taken in turn, two references sent by plain node:http: the same built page and files
 * (Brotli files as the build made them, /api passed to the portal), which tells what the portal's serving
 * adds; and the hero's heading and lead alone, no stylesheet and no script, this machine's floor for a text
 * paint. Medians are printed. Build the web app first (npm run build).
 * Run: node bench/landing.ts        (LANDING_RUNS=9 for more rounds; DATABASE_URL as for npm start)
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_HINT } from '../apps/web/e2e/support/chromium.ts';
import { percentile, startPortal } from './lib.ts';

/** The landing hero's words, from the English catalogue the page draws them from. */
const LANDING_HERO = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../packages/contract/locales/en.json'), 'utf8'),
).landing;

const RUNS = Math.max(5, Number(process.env.LANDING_RUNS ?? 7));
const CPU_SLOWDOWN = 4;
const LANDING_PATH = '/en/dist';
const { defaultBrowserType: _, ...PHONE } = devices['Pixel 7'];

interface Load {
  lcp: number;
  fcp: number;
  /** What the largest paint was, to tell a text paint from an image's. */
  element: string;
}

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** The references' servers, closed at the end. */
const servers: http.Server[] = [];

function listen(server: http.Server) {
  servers.push(server);
  return new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** The first reference: dist/ as a plain static server sends it, the page's own file for the landing path. */
function startStaticCopy(portalUrl: string) {
  return listen(
    http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://static');
      if (url.pathname.startsWith('/api')) {
        const upstream = http.request(`${portalUrl}${request.url}`, {
          method: request.method,
          headers: request.headers,
        });
        upstream.on('response', (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        });
        request.pipe(upstream);
        return;
      }
      const candidate = path.join(dist, url.pathname === LANDING_PATH ? `${LANDING_PATH}/index.html` : url.pathname);
      const file = existsSync(candidate) && path.extname(candidate) ? candidate : path.join(dist, 'index.html');
      const brotli = (request.headers['accept-encoding'] ?? '').includes('br') && existsSync(`${file}.br`);
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
      });
      createReadStream(brotli ? `${file}.br` : file).pipe(response);
    }),
  );
}

/** The second reference: the hero's words as a bare HTML page, what a text paint costs with nothing to wait for. */
function startBarePage() {
  const page = `<!doctype html><html lang="en"><head><meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head>
<body style="font-family: system-ui, sans-serif; margin: 1rem"><h1 style="font-size: 2rem">${LANDING_HERO.heading}</h1>
<p style="font-size: 1.15rem; line-height: 1.6">${LANDING_HERO.lead}</p></body></html>`;
  return listen(
    http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(page);
    }),
  );
}

async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise<Load>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
            const last = entries.at(-1);
            const element = last?.element;
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
            resolve({
              lcp: last?.startTime ?? Number.NaN,
              fcp,
              element: element ? `<${element.tagName.toLowerCase()}> ${element.textContent?.slice(0, 40) ?? ''}` : '?',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);

if (!existsSync(path.join(dist, LANDING_PATH, 'index.html'))) {
  console.error(`No prerendered landing page in ${dist}: run "npm run build" first.`);
  process.exit(2);
}
const executablePath = findChromium();
if (!executablePath) {
  console.error(NO_CHROMIUM_HINT);
  process.exit(2);
}

const portal = await startPortal(4801);
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const staticCopy = await startStaticCopy(portal.url);
  const bare = await startBarePage();
  const targets = {
    portal: `${portal.url}${LANDING_PATH}`,
    'same files, plain Node': `${staticCopy}${LANDING_PATH}`,
    'hero text alone': `${bare}/`,
  };
  type Target = keyof typeof targets;
  // A first load of each, not counted: the server's and the browser's own first-use costs.
  for (const url of Object.values(targets)) await coldLoad(browser, url);
  const loads = Object.fromEntries(Object.keys(targets).map((name) => [name, [] as Load[]])) as Record<Target, Load[]>;
  for (let round = 0; round < RUNS; round++) {
    for (const name of Object.keys(targets) as Target[]) loads[name].push(await coldLoad(browser, targets[name]));
  }

  const median = (runs: Load[], measure: 'lcp' | 'fcp') =>
    percentile(
      runs.map((run) => run[measure]),
      0.5,
    );
  console.log(`Landing page, ${PHONE.viewport.width} px phone, CPU ${CPU_SLOWDOWN}× slower, ${RUNS} cold loads each\n`);
  console.log(
    `${''.padEnd(24)}${'LCP p50'.padStart(9)}${'LCP max'.padStart(9)}${'FCP p50'.padStart(9)}   largest paint`,
  );
  for (const [name, runs] of Object.entries(loads)) {
    const elements = [...new Set(runs.map((run) => run.element))].join(' | ');
    const worst = Math.max(...runs.map((run) => run.lcp));
    console.log(`${name.padEnd(24)}${ms(median(runs, 'lcp'))}${ms(worst)}${ms(median(runs, 'fcp'))}   ${elements}`);
  }
  const portalLcp = median(loads.portal, 'lcp');
  for (const name of Object.keys(targets).slice(1) as Target[]) {
    console.log(`portal / ${name}: ${(portalLcp / median(loads[name], 'lcp')).toFixed(2)}×`);
  }
} finally {
  await browser.close();
  for (const server of servers) server.close();
  await portal.stop();
}
