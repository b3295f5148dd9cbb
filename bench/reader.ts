/**
 * The in-browser reader's first page: a member opens a 30 MB, 10-page edition at /user/read/{id} on the real
 * portal on loopback (Chromium, 1280 × 800). Timed from navigation start to page 1 drawn on the reader's
 * canvas (data-drawn="1"), cold (a fresh browser context: empty HTTP cache, no service worker) and warm (a
 * second open in the same context once its service worker is ready: the app's code cached; the PDF's ranges,
 * private and no-cache, asked of the portal again). Beside each: when the reader asked for its first range,
 * and the bytes of the PDF that came over the network before page 1 was drawn, against the file's size.
 * The reference, in the same context and rounds taken in turn: pdf.js alone (the same pdfjs-dist, the
 * reader's settings: 128 KiB ranges, no auto-fetch) drawing page 1 of the same file at the same size from a
 * Blob already in the page, as the reader opens a saved edition, on a page plain node:http serves; its
 * first open in the context fetches pdf.js, its second finds it cached. The reader's time from its first
 * range to page 1 less the reference's is what the network path (the portal's answers to the ranges and
 * their round trips) adds. Medians are printed. Build the web app first (npm run build).
 * Then on a phone's network: SLOW_RUNS (3) first opens, each in a fresh context (no service worker), through
 * Lighthouse's mobile preset's slow 4G, applied with the DevTools protocol's network and CPU emulation (150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower), at a phone's size: the time to page 1, and the bytes that
 * came over the network before it (headers included): all of them (the page, the app's code, the catalogue, the API
 * calls) and the PDF's ranges among them, as a member pays them to read one page of an edition.
 * Last, night mode's cost on page 1 (components/pdf-page.tsx): drawn with and without pdf.js recording its image
 * areas (recordImages), and the images then copied onto the canvas over the page, from documents opened afresh.
 * Run: node bench/reader.ts   (READER_RUNS=9 for more rounds; the embedded database, or with DATABASE_URL a
 * scratch database made on that server and dropped)
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { makeEditionPdf } from '../apps/server/test/files.ts';
import { freePort } from '../apps/server/test/server-process.ts';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM_HINT } from '../apps/web/e2e/support/chromium.ts';
import { call, createMembers, median, signInAsAdmin, startPortal, uploadEditions } from './lib.ts';

const RUNS = Math.max(5, Number(process.env.READER_RUNS ?? 7));
const SLOW_RUNS = Number(process.env.SLOW_RUNS ?? 3);
/** Lighthouse's mobile preset (its throttling constants), in the DevTools protocol's units: ms, bytes a second. */
const SLOW_4G = {
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1_638.4 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
};
/** Lighthouse's mobile preset's screen. */
const PHONE = { width: 412, height: 823 };
const PAGES = 10;
const SIZE = 30 * 1_048_576;
const VIEWPORT = { width: 1280, height: 800 };
/** The reader's range size (apps/web/src/features/reader/pdf-source.ts). */
const CHUNK_BYTES = 128 * 1024;
/** The password createMembers gives its members. */
const MEMBER_PASSWORD = 'Member-password-1';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const pdfjs = path.resolve(import.meta.dirname, '../node_modules/pdfjs-dist/build');

interface Open {
  /** From navigation start, ms. */
  drawn: number;
  firstRange: number;
  /** Network bytes (headers and bodies) of the PDF's requests that ended before page 1 was drawn. */
  bytes: number;
  requests: number;
  /** Network bytes of every request (the page's own included) that ended before page 1 was drawn. */
  allBytes: number;
  /** The canvas's CSS width, for the reference to draw at. */
  width: number;
}

/** Page 1's drawing time, noted by the page itself as the canvas says it (components/pdf-page.tsx). */
function noteDrawn() {
  const marked = window as unknown as { pageOneDrawn?: number };
  new MutationObserver(() => {
    if (marked.pageOneDrawn === undefined && document.querySelector('canvas.reader-page[data-drawn="1"]')) {
      marked.pageOneDrawn = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}

/** A new context with the member signed in as an earlier visit leaves them: the refresh cookie and the user. */
async function memberContext(browser: Browser, portal: string, email: string, viewport = VIEWPORT) {
  const context = await browser.newContext({ baseURL: portal, viewport });
  const answer = await context.request.post('/api/accounts/authenticate', {
    data: { email, password: MEMBER_PASSWORD },
  });
  if (!answer.ok()) throw new Error(`sign-in failed: ${answer.status()} ${await answer.text()}`);
  const { jwtToken: _, ...user } = await answer.json();
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('user')) localStorage.setItem('user', stored);
  }, JSON.stringify(user));
  await context.addInitScript(noteDrawn);
  return context;
}

/** Opens the edition in a new page of `context`, through SLOW_4G when `slow`. */
async function openReader(context: BrowserContext, edition: string, slow = false): Promise<Open> {
  const page = await context.newPage();
  try {
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G.network);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
    }
    await page.goto(`/user/read/${edition}`);
    const drawn = Number(
      await (await page.waitForFunction(() => (window as { pageOneDrawn?: number }).pageOneDrawn)).jsonValue(),
    );
    const requests = await page.evaluate(
      ({ edition, drawn }) =>
        (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
          .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .map((entry) => ({
            pdf: new URL(entry.name).pathname === `/api/files/${edition}/download`,
            start: entry.startTime,
            end: entry.responseEnd,
            bytes: entry.transferSize,
          }))
          .filter((entry) => entry.end <= drawn),
      { edition, drawn },
    );
    const ranges = requests.filter((request) => request.pdf);
    const width = await page.locator('canvas.reader-page').evaluate((canvas) => canvas.getBoundingClientRect().width);
    // The service worker the first open registered is ready before the second open.
    if (!slow) {
      await page.evaluate(() =>
        Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 10_000))]),
      );
    }
    return {
      drawn,
      firstRange: Math.min(...ranges.map((range) => range.start)),
      bytes: ranges.reduce((sum, range) => sum + range.bytes, 0),
      requests: ranges.length,
      allBytes: requests.reduce((sum, request) => sum + request.bytes, 0),
      width,
    };
  } finally {
    await page.close();
  }
}

/**
 * The reference's page: pdf.js from node_modules (hashed-file caching, as the portal gives its assets), the
 * PDF from memory, no portal.
 */
function startReference(pdf: Buffer) {
  const html = `<!doctype html><meta charset="utf-8"><title>Reference</title><body style="margin:0">
<script type="module">
import { GlobalWorkerOptions, getDocument, PDFDataRangeTransport } from '/pdf.min.mjs';
GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
const blob = await (await fetch('/edition.pdf')).blob();
let bytes = 0;
const read = async (start, end) => {
  bytes += end - start;
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
};
class BlobTransport extends PDFDataRangeTransport {
  requestDataRange(begin, end) { read(begin, end).then((chunk) => this.onDataRange(begin, chunk)); }
}
window.drawPageOne = async (width) => {
  const start = performance.now();
  const range = new BlobTransport(blob.size, await read(0, ${CHUNK_BYTES}));
  const pdf = await getDocument({ range, rangeChunkSize: ${CHUNK_BYTES}, disableAutoFetch: true, disableStream: true }).promise;
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * devicePixelRatio });
  const canvas = document.body.appendChild(document.createElement('canvas'));
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
  return { time: performance.now() - start, bytes };
};
// Night mode's cost (components/pdf-page.tsx): page 1 drawn by a document opened afresh (pdf.js records a page's
// image areas once) with or without recordImages, and then the images copied, cut to their areas, onto a canvas.
window.drawPageOneForNight = async (width, recordImages) => {
  const range = new BlobTransport(blob.size, new Uint8Array(await blob.slice(0, ${CHUNK_BYTES}).arrayBuffer()));
  const loading = getDocument({ range, rangeChunkSize: ${CHUNK_BYTES}, disableAutoFetch: true, disableStream: true });
  const page = await (await loading.promise).getPage(1);
  const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * devicePixelRatio });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const start = performance.now();
  await page.render({ canvas, viewport, recordImages }).promise;
  const render = performance.now() - start;
  let copy = 0;
  const areas = page.imageCoordinates ?? [];
  if (recordImages && areas.length > 0) {
    const copyStart = performance.now();
    const overlay = document.createElement('canvas');
    overlay.width = canvas.width;
    overlay.height = canvas.height;
    const context = overlay.getContext('2d');
    context.beginPath();
    for (let at = 0; at + 5 < areas.length; at += 6) {
      const [x0, y0, x1, y1, x2, y2] = [0, 1, 2, 3, 4, 5].map((i) => areas[at + i] * (i % 2 ? canvas.height : canvas.width));
      context.moveTo(x0, y0);
      context.lineTo(x2, y2);
      context.lineTo(x1 + x2 - x0, y1 + y2 - y0);
      context.lineTo(x1, y1);
      context.closePath();
    }
    context.clip();
    context.drawImage(canvas, 0, 0);
    context.getImageData(0, 0, 1, 1);
    copy = performance.now() - copyStart;
  }
  await loading.destroy();
  return { render, copy, images: areas.length / 6 };
};
</script>`;
  const immutable = 'public, max-age=31536000, immutable';
  const files: Record<string, [string, Buffer | string, string]> = {
    '/': ['text/html; charset=utf-8', html, 'no-cache'],
    '/pdf.min.mjs': ['text/javascript', readFileSync(path.join(pdfjs, 'pdf.min.mjs')), immutable],
    '/pdf.worker.min.mjs': ['text/javascript', readFileSync(path.join(pdfjs, 'pdf.worker.min.mjs')), immutable],
    '/edition.pdf': ['application/pdf', pdf, 'no-store'],
  };
  const server = http.createServer((request, response) => {
    const [type, body, caching] = files[request.url ?? '/'] ?? ['text/plain', 'not found', 'no-store'];
    response.writeHead(type === 'text/plain' ? 404 : 200, { 'content-type': type, 'cache-control': caching });
    response.end(body);
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }),
    ),
  );
}

interface BlobDraw {
  /** From getDocument with the Blob in memory to page 1 drawn, ms. */
  time: number;
  /** What pdf.js read of the Blob. */
  bytes: number;
}

async function drawFromBlob(context: BrowserContext, url: string, width: number): Promise<BlobDraw> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => 'drawPageOne' in window);
    return await page.evaluate(
      (width) => (window as unknown as { drawPageOne: (width: number) => Promise<BlobDraw> }).drawPageOne(width),
      width,
    );
  } finally {
    await page.close();
  }
}

interface NightDraw {
  /** page.render of page 1, ms. */
  render: number;
  /** The images copied onto the overlay, ms. */
  copy: number;
  images: number;
}

/** Page 1 drawn `RUNS` times each way, turn about, by documents opened afresh from the Blob. */
async function nightCost(context: BrowserContext, url: string, width: number) {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => 'drawPageOneForNight' in window);
    const draw = (recordImages: boolean) =>
      page.evaluate(
        ({ width, recordImages }) =>
          (
            window as unknown as { drawPageOneForNight: (width: number, record: boolean) => Promise<NightDraw> }
          ).drawPageOneForNight(width, recordImages),
        { width, recordImages },
      );
    await draw(true);
    const plain: NightDraw[] = [];
    const recorded: NightDraw[] = [];
    for (let run = 0; run < RUNS; run++) {
      plain.push(await draw(false));
      recorded.push(await draw(true));
    }
    return { plain, recorded };
  } finally {
    await page.close();
  }
}

const OPENS = ['cold', 'warm'] as const;
type Round = Record<(typeof OPENS)[number], { reader: Open; blob: BlobDraw }>;
type Pair = Round['cold'];

async function round(browser: Browser, portal: string, email: string, edition: string, reference: string) {
  const context = await memberContext(browser, portal, email);
  try {
    const cold = await openReader(context, edition);
    const warm = await openReader(context, edition);
    const blobCold = await drawFromBlob(context, reference, warm.width);
    const blobWarm = await drawFromBlob(context, reference, warm.width);
    return { cold: { reader: cold, blob: blobCold }, warm: { reader: warm, blob: blobWarm } } satisfies Round;
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(10);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No web app in ${dist}: run "npm run build" first.`);
  process.exit(2);
}
const executablePath = findChromium();
if (!executablePath) {
  console.error(NO_CHROMIUM_HINT);
  process.exit(2);
}

const pdf = makeEditionPdf({ pages: PAGES, bytes: SIZE, title: 'Teevo reader bench' });
const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
// A sign-in each round, and two refreshes: more than the default allowance a minute.
const portal = await startPortal(await freePort(), {
  AUTH_RATE_LIMIT: '1000',
  ...(scratch && { DATABASE_URL: scratch.url }),
});
const reference = await startReference(pdf);
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const admin = await signInAsAdmin(portal.url);
  await call(`${portal.url}/api/languages`, admin, 'POST', { name: 'English' }, 201);
  const [edition] = await uploadEditions(portal.url, admin, 'English', new Blob([new Uint8Array(pdf)]), 1);
  await createMembers(portal.url, admin, 1);
  const email = 'member0@bench.example';
  if (!edition) throw new Error('no edition uploaded');

  // A first round, not counted: the server's and the browser's own first-use costs.
  await round(browser, portal.url, email, edition, reference.url);
  const rounds: Round[] = [];
  for (let run = 0; run < RUNS; run++) rounds.push(await round(browser, portal.url, email, edition, reference.url));

  const of = (open: (typeof OPENS)[number], figure: (pair: Pair) => number) =>
    median(rounds.map((each) => figure(each[open])));
  const toDrawn = ({ reader }: Pair) => reader.drawn - reader.firstRange;
  console.log(
    `Reader, page 1 of a ${PAGES}-page edition of ${mb(pdf.length)}, Chromium ${VIEWPORT.width} × ${VIEWPORT.height}, medians of ${RUNS} rounds\n`,
  );
  console.log(
    `${''.padEnd(26)}${'drawn'.padStart(10)}${'1st range'.padStart(10)}${'range→drawn'.padStart(12)}   PDF bytes before page 1`,
  );
  for (const open of OPENS) {
    const bytes = of(open, ({ reader }) => reader.bytes);
    const share = `${((100 * bytes) / pdf.length).toFixed(1)} %`;
    console.log(
      `${`portal reader, ${open}`.padEnd(26)}${ms(of(open, ({ reader }) => reader.drawn))}${ms(of(open, ({ reader }) => reader.firstRange))}${ms(of(open, toDrawn)).padStart(12)}   ${mb(bytes)} of ${mb(pdf.length)} (${share}) over the network, ${of(open, ({ reader }) => reader.requests)} requests`,
    );
    console.log(
      `${`pdf.js from a Blob, ${open}`.padEnd(26)}${''.padStart(20)}${ms(of(open, ({ blob }) => blob.time)).padStart(12)}   ${mb(of(open, ({ blob }) => blob.bytes))} read from the Blob`,
    );
  }
  for (const open of OPENS) {
    const reader = of(open, toDrawn);
    const blob = of(open, ({ blob }) => blob.time);
    console.log(
      `network path adds, ${open}: ${(reader - blob).toFixed(0)} ms (first range to page 1: ${(reader / blob).toFixed(2)}× the Blob's)`,
    );
  }

  const slow: Open[] = [];
  for (let run = 0; run < SLOW_RUNS; run++) {
    const context = await memberContext(browser, portal.url, email, PHONE);
    try {
      slow.push(await openReader(context, edition, true));
    } finally {
      await context.close();
    }
  }
  const slowOf = (figure: (open: Open) => number) => median(slow.map(figure));
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
  console.log(
    `\nslow 4G (150 ms, 1.6 Mbit/s, CPU 4× slower), phone ${PHONE.width} × ${PHONE.height}, a first open, medians of ${SLOW_RUNS}: ` +
      `page 1 drawn ${ms(slowOf((open) => open.drawn)).trim()} (first range ${ms(slowOf((open) => open.firstRange)).trim()}); ` +
      `${kb(slowOf((open) => open.allBytes))} over the network before it, of which the PDF's ${kb(slowOf((open) => open.bytes))} ` +
      `in ${slowOf((open) => open.requests)} ranges (1 KB = 1,000 bytes)`,
  );

  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const width = rounds[0]?.warm.reader.width ?? VIEWPORT.width;
    const { plain, recorded } = await nightCost(context, reference.url, width);
    const renders = (draws: NightDraw[]) => median(draws.map((draw) => draw.render));
    console.log(
      `\nnight mode, page 1 (${recorded[0]?.images ?? 0} image) drawn ${width.toFixed(0)} px wide, medians of ${RUNS}: render ${ms(renders(plain)).trim()} without recordImages, ${ms(renders(recorded)).trim()} with; the images copied onto the overlay ${median(recorded.map((draw) => draw.copy)).toFixed(1)} ms`,
    );
  } finally {
    await context.close();
  }
} finally {
  await browser.close();
  reference.close();
  await portal.stop();
  await rm(portal.dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
