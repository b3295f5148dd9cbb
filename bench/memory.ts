/**
 * The server's memory (issue 13, goal 3): resident memory (RSS, from /proc) of the portal as `npm start` runs
 * it, on PostgreSQL and on the embedded database, beside a Fastify hello-world process (bench/reference/hello.ts)
 * given the same load in the same run. Each round starts every server in turn (PostgreSQL, embedded, references,
 * PostgreSQL, ...) on the same data and measures:
 * - at 5 s: EARLY_SECONDS (5) after it first answers its health check (issue 29: under 150 MB on PostgreSQL from
 *   then on), and idle: IDLE_SECONDS (20) after it;
 * - downloads: the peak, sampled every 20 ms, while 50 clients download a 30 MB edition at once (portals only);
 * - load: the peak during LOAD_SECONDS (60) of open-loop API calls, the member dashboard's and the admin
 *   lists' calls in turn, gzip and brotli accepted as browsers do, at RATE (200) a second, EMBEDDED_RATE (50)
 *   on the embedded database; the hello-world reference answers its one route at RATE;
 * - after: as the load ends; settled: SETTLE_SECONDS (30) later, compared with idle;
 * - covers: the peak while an admin sets COVERS (6) book covers at once, each a 39.7-megapixel progressive JPEG
 *   of 4 MB (made here, different every time), and covers settled: SETTLE_SECONDS later, compared with idle. A
 *   second reference, plain Node resizing the same images with sharp as it comes (bench/reference/covers.ts),
 *   is sent them too.
 * Figures are the medians of ROUNDS (3) rounds. The data, loaded through the API before the rounds: 60 languages,
 * 1,441 editions (2 books × 60 languages × 12 months of small PDFs, and one of 30 MB) and a member. Loading it
 * follows each database's first start (for the embedded one, initdb), whose idle figure is printed too.
 * Run: node bench/memory.ts   DATABASE_URL names the PostgreSQL server a scratch database is made on (default
 * postgres://postgres@127.0.0.1:5432/bench_memory); ENTRIES=bundle,source adds the portal run from its sources.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIRST_YEAR } from '@portal/contract';
import sharp from 'sharp';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { makePdf } from '../apps/server/test/files.ts';
import { freePort } from '../apps/server/test/server-process.ts';
import {
  BROWSER,
  type LoadFigures,
  type LoadRequest,
  median,
  openLoop,
  type PortalEntry,
  pdfOfSize,
  residentMb,
  signIn,
  signInAsAdmin,
  startPortal,
  startReference,
  watchMemory,
} from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const EARLY_SECONDS = 5;
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 30);
const RATE = Number(process.env.RATE ?? 200);
/** The embedded database answers this mix at about 60 a second on 2 cores: a higher rate only queues. */
const EMBEDDED_RATE = Number(process.env.EMBEDDED_RATE ?? 50);
const ENTRIES = (process.env.ENTRIES ?? 'bundle').split(',') as PortalEntry[];
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_memory';
const DOWNLOADS = 50;
const SIZE_MB = 30;
/** The edition the clients download. */
const bigPdf = pdfOfSize(SIZE_MB);
const LANGUAGES = 60;
const BOOKS = ['Teevo', 'Take5'];
const COVERS = 6;
/** Idle, from EARLY_SECONDS after the start on, the peak during the downloads, and settled against idle. */
const GOALS = { idle: { postgres: 150, embedded: 350 }, downloadsPeak: 250, settledOverIdle: 1.25 };
const MEMBER = { email: 'member@bench.example', password: 'Member-password-1' };

/** The member dashboard's calls and the admin screens' lists, in turn. */
function apiCalls(admin: string, member: string): LoadRequest[] {
  const as = (token: string) => ({ ...BROWSER, authorization: `Bearer ${token}` });
  const year = new Date().getUTCFullYear();
  const range = `start=${year}-01-01&end=${year}-12-31`;
  const page = 'first=0&rows=10&search=&sortOrder=-1';
  return [
    { path: `/api/editions?${page}&sortField=edition`, headers: as(member) },
    { path: '/api/languages/getAll', headers: as(member) },
    { path: '/api/transaction/myDownloadCounts', headers: as(member) },
    { path: '/api/file/getAll', headers: as(admin) },
    { path: '/api/church/getAll', headers: as(admin) },
    { path: `/api/accounts/list?${page}&sortField=createdAt`, headers: as(admin) },
    { path: `/api/transaction/summary?${range}`, headers: as(admin) },
    { path: `/api/transaction/getcountDownloadByDateRange?${range}`, headers: as(admin) },
  ];
}

/**
 * A photo-sized cover: 7,680 × 5,170 pixels (39.7 megapixels) of smooth noise (made at a sixteenth of that and
 * enlarged), a progressive JPEG of about 4 MB, under the 5 MB limit. Progressive, as photo editors often save
 * them: a baseline JPEG is shrunk while it is read and costs the resize a few MB, but a progressive one is
 * held whole while it decodes, about 120 MB at this size.
 */
async function largeCover(): Promise<Buffer> {
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
  const small = await sharp({ create: { width: 480, height: 323, channels: 3, background: 'black', noise } })
    .png()
    .toBuffer();
  return sharp(small).resize(7_680, 5_170).jpeg({ quality: 80, progressive: true }).toBuffer();
}

/** Makes COVERS large covers and posts them all at once (`post` fails on a refusal). */
async function allAtOnce(post: (image: Buffer) => Promise<void>) {
  const images = await Promise.all(Array.from({ length: COVERS }, largeCover));
  await Promise.all(images.map(post));
}

/** The admin sets the covers of the books, in turn, all at once. */
async function setCovers(url: string, admin: string) {
  const books = (await (await fetch(`${url}/api/books`)).json()) as { id: string }[];
  let next = 0;
  await allAtOnce(async (image) => {
    const book = books[next++ % books.length] as { id: string };
    const form = new FormData();
    form.append('image', new Blob([image], { type: 'image/jpeg' }), 'cover.jpg');
    await send(`${url}/api/books/${book.id}/cover`, admin, { method: 'PUT', body: form }, 200);
  });
}

/** Sends a request with the admin's token and fails on anything but `expected`. */
async function send(url: string, admin: string, init: RequestInit, expected: number) {
  const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${admin}`, ...init.headers } });
  if (response.status !== expected) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: string; url: string }>;
}

const postJson = (url: string, admin: string, body: unknown) =>
  send(
    url,
    admin,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    201,
  );

function uploadEdition(url: string, admin: string, fields: Record<string, string>, pdf: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'edition.pdf');
  return send(`${url}/api/files/uploadfile`, admin, { method: 'POST', body: form }, 201);
}

/** The data set, through the API; returns the 30 MB edition's id. */
async function loadData(url: string): Promise<string> {
  const admin = await signInAsAdmin(url);
  const languages = Array.from({ length: LANGUAGES }, (_, index) => `Language ${String(index + 1).padStart(2, '0')}`);
  for (const name of languages) await postJson(`${url}/api/languages`, admin, { name });
  const small = makePdf('Monthly edition');
  const editions = BOOKS.flatMap((book) =>
    languages.flatMap((language) =>
      Array.from({ length: 12 }, (_, month) => ({
        book,
        language,
        year: String(FIRST_YEAR),
        month: String(month + 1),
      })),
    ),
  );
  for (let next = 0; next < editions.length; next += 4) {
    await Promise.all(editions.slice(next, next + 4).map((fields) => uploadEdition(url, admin, fields, small)));
  }
  const big = { book: 'Teevo', language: 'Language 01', year: String(FIRST_YEAR + 1), month: '1' };
  const { id } = await uploadEdition(url, admin, big, bigPdf);
  const { email, password } = MEMBER;
  await postJson(`${url}/api/accounts`, admin, {
    firstName: 'Bench',
    lastName: 'Member',
    email,
    password,
    confirmPassword: password,
  });
  return id;
}

/** Every client downloads the edition through one download link, all at once (one curl, transfers in parallel). */
async function downloadAtOnce(url: string, admin: string, edition: string) {
  const link = await send(`${url}/api/files/${edition}/download-link`, admin, {}, 200);
  const targets = Array.from({ length: DOWNLOADS }, () => ['--output', '/dev/null', `${url}${link.url}`]).flat();
  const curl = spawn('curl', [
    '--silent',
    '--parallel',
    '--parallel-immediate',
    '--parallel-max',
    String(DOWNLOADS),
    '--write-out',
    '%{http_code} %{size_download}\n',
    ...targets,
  ]);
  let report = '';
  curl.stdout.on('data', (chunk: Buffer) => {
    report += chunk;
  });
  await once(curl, 'close');
  const complete = report.split('\n').filter((line) => line === `200 ${bigPdf.length}`).length;
  if (complete !== DOWNLOADS) throw new Error(`only ${complete} of ${DOWNLOADS} downloads were complete:\n${report}`);
}

interface Started {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

interface Target {
  label: string;
  /** Requests a second in the load (none: no load). */
  rate?: number;
  /** The portals' goals (MB): idle (from EARLY_SECONDS on), and the peak during the downloads where it applies. */
  goals?: { idle: number; downloads?: number };
  start(): Promise<Started>;
  /** Signs in where it needs to: the downloads to run (portals only), the load's requests and the covers to send. */
  session(started: Started): Promise<{
    download?: () => Promise<void>;
    requests?: LoadRequest[];
    covers?: () => Promise<void>;
  }>;
}

interface Figures {
  early: number;
  idle: number;
  downloads: number;
  load: number;
  afterLoad: number;
  settled: number;
  covers: number;
  coversSettled: number;
  achieved: number;
  errors: number;
}

async function measure(target: Target): Promise<Figures> {
  const started = await target.start();
  try {
    await sleep(EARLY_SECONDS * 1000);
    const early = residentMb(started.pid);
    await sleep((IDLE_SECONDS - EARLY_SECONDS) * 1000);
    const idle = residentMb(started.pid);
    /** The peak while `phase` runs. */
    const peakDuring = async (phase: () => Promise<unknown>) => {
      const watch = watchMemory(started.pid);
      try {
        await phase();
        return watch.peak();
      } finally {
        watch.stop();
      }
    };
    /** Resident memory SETTLE_SECONDS after a phase. */
    const settledAfter = async () => {
      await sleep(SETTLE_SECONDS * 1000);
      return residentMb(started.pid);
    };
    const { download, requests, covers } = await target.session(started);
    const downloads = download ? await peakDuring(download) : Number.NaN;
    let figures: LoadFigures | undefined;
    const { rate } = target;
    const load =
      requests && rate
        ? await peakDuring(async () => {
            figures = await openLoop(started.url, requests, { rate, seconds: LOAD_SECONDS });
          })
        : Number.NaN;
    const afterLoad = figures ? residentMb(started.pid) : Number.NaN;
    const settled = figures ? await settledAfter() : Number.NaN;
    const coversPeak = covers ? await peakDuring(covers) : Number.NaN;
    const coversSettled = covers ? await settledAfter() : Number.NaN;
    return {
      early,
      idle,
      downloads,
      load,
      afterLoad,
      settled,
      covers: coversPeak,
      coversSettled,
      achieved: figures?.achieved ?? Number.NaN,
      errors: figures?.errors ?? Number.NaN,
    };
  } finally {
    await started.stop();
  }
}

function portalTarget(
  label: string,
  entry: PortalEntry,
  environment: Record<string, string>,
  edition: string,
  rate: number,
  goals: Target['goals'],
): Target {
  return {
    label,
    rate,
    goals,
    async start() {
      const portal = await startPortal(await freePort(), environment, entry);
      return { pid: portal.process.pid as number, url: portal.url, stop: portal.stop };
    },
    async session({ url }) {
      const admin = await signInAsAdmin(url);
      const member = await signIn(url, MEMBER);
      return {
        download: () => downloadAtOnce(url, admin, edition),
        requests: apiCalls(admin, member),
        covers: () => setCovers(url, admin),
      };
    },
  };
}

/** A reference server on a free port. */
async function startedReference(name: 'hello' | 'covers'): Promise<Started> {
  const port = await freePort();
  const child = await startReference(name, port);
  return {
    pid: child.pid as number,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

const helloReference: Target = {
  label: 'hello-world reference',
  rate: RATE,
  start: () => startedReference('hello'),
  session: async () => ({ requests: [{ path: '/', headers: BROWSER }] }),
};

const coversReference: Target = {
  label: 'covers reference',
  start: () => startedReference('covers'),
  session: async ({ url }) => ({
    covers: () =>
      allAtOnce(async (image) => {
        const response = await fetch(url, { method: 'POST', body: image });
        if (!response.ok) throw new Error(`covers reference: ${response.status}`);
        await response.arrayBuffer();
      }),
  }),
};

const scratch = await createScratchDatabase(SERVER_URL);
const embeddedData = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-memory-'));
const postgresData = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-memory-'));
const databases = {
  postgres: { DATA_DIR: postgresData, DATABASE_URL: scratch.url },
  // The embedded database even when DATABASE_URL, in the environment the portals inherit, names a server.
  embedded: { DATA_DIR: embeddedData, DATABASE_URL: '' },
};
const mb = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0)).padStart(10);
const ratioText = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(2));
const firstStartText = (figures?: { early: number; idle: number }) =>
  figures ? `${figures.early.toFixed(0)} and ${figures.idle.toFixed(0)}` : '—';

try {
  const firstStarts: Record<string, { early: number; idle: number }> = {};
  const editions: Record<string, string> = {};
  for (const [kind, environment] of Object.entries(databases)) {
    const portal = await startPortal(await freePort(), { ...environment, AUTH_RATE_LIMIT: '1000000' }, ENTRIES[0]);
    try {
      await sleep(EARLY_SECONDS * 1000);
      const early = residentMb(portal.process.pid as number);
      await sleep((IDLE_SECONDS - EARLY_SECONDS) * 1000);
      firstStarts[kind] = { early, idle: residentMb(portal.process.pid as number) };
      editions[kind] = await loadData(portal.url);
    } finally {
      await portal.stop();
    }
  }

  const targets: Target[] = [
    ...ENTRIES.flatMap((entry) => [
      portalTarget(`portal (${entry}), PostgreSQL`, entry, databases.postgres, editions.postgres as string, RATE, {
        idle: GOALS.idle.postgres,
        downloads: GOALS.downloadsPeak,
      }),
      portalTarget(
        `portal (${entry}), embedded`,
        entry,
        databases.embedded,
        editions.embedded as string,
        EMBEDDED_RATE,
        { idle: GOALS.idle.embedded },
      ),
    ]),
    helloReference,
    coversReference,
  ];
  const runs = new Map<Target, Figures[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) runs.get(target)?.push(await measure(target));
    process.stdout.write(`round ${round + 1} of ${ROUNDS} done\n`);
  }

  console.log(
    `\nResident memory (MB), medians of ${ROUNDS} rounds; load for ${LOAD_SECONDS} s, settled ${SETTLE_SECONDS} s after it`,
  );
  console.log(
    `first start (empty database, ${ENTRIES[0]}), at ${EARLY_SECONDS} s and idle: PostgreSQL ${firstStartText(firstStarts.postgres)}, embedded ${firstStartText(firstStarts.embedded)}`,
  );
  console.log(
    `${''.padEnd(30)}${[`${EARLY_SECONDS} s`, 'idle', 'downloads', 'load', 'after', 'settled', 'covers', 'settled'].map((head) => head.padStart(10)).join('')}  settled/idle  covers settled/idle  load req/s (offered), errors`,
  );
  const verdicts: string[] = [];
  for (const target of targets) {
    const figures = runs.get(target) as Figures[];
    const of = (key: keyof Figures) => median(figures.map((figure) => figure[key]));
    const ratio = of('settled') / of('idle');
    const coversRatio = of('coversSettled') / of('idle');
    const load = target.rate ? `${of('achieved').toFixed(0)} (${target.rate}), ${of('errors')}` : '—';
    console.log(
      `${target.label.padEnd(30)}${[of('early'), of('idle'), of('downloads'), of('load'), of('afterLoad'), of('settled'), of('covers'), of('coversSettled')].map(mb).join('')}  ${ratioText(ratio).padStart(12)}  ${ratioText(coversRatio).padStart(19)}  ${load}`,
    );
    const { goals } = target;
    if (!goals) continue;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const downloadsVerdict = goals.downloads
      ? `, downloads peak < ${goals.downloads} MB ${met(of('downloads') < goals.downloads)}`
      : '';
    verdicts.push(
      `${target.label}: idle < ${goals.idle} MB from ${EARLY_SECONDS} s on ${met(Math.max(of('early'), of('idle')) < goals.idle)}${downloadsVerdict}, settled within 25% of idle ${met(ratio <= GOALS.settledOverIdle)}, after the covers ${met(coversRatio <= GOALS.settledOverIdle)}`,
    );
  }
  console.log(`\nGoals\n${verdicts.join('\n')}`);
} finally {
  await scratch.drop();
  await rm(embeddedData, { recursive: true, force: true });
  await rm(postgresData, { recursive: true, force: true });
}
