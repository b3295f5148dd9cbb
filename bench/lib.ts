import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIRST_YEAR } from '@portal/contract';
import { Pool } from 'undici';
import { makePdf } from '../apps/server/test/files.ts';

export const ADMIN = { email: 'bench@example.org', password: 'Bench-password-1' };
const serverFolder = path.resolve(import.meta.dirname, '../apps/server');
/**
 * What the portal runs from: its sources, as tests do, or the bundle as `npm start` runs it (start.ts rebuilds
 * it when its sources changed, then becomes the server, keeping its process id).
 */
export type PortalEntry = 'source' | 'bundle';
const entries: Record<PortalEntry, string> = {
  source: path.join(serverFolder, 'src/server.ts'),
  bundle: path.join(serverFolder, 'scripts/start.ts'),
};

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/** Waits until a GET of `url` answers 2xx: a server just started is up (a minute at most). */
export async function waitForAnswer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Starts the real portal on a free port with a fresh data folder (or environment's DATA_DIR) and waits until
 * it answers; `environment` adds to or overrides its settings.
 */
export async function startPortal(
  port: number,
  environment: Record<string, string> = {},
  entry: PortalEntry = 'source',
): Promise<RunningServer> {
  const dataDir = environment.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'portal-bench-')));
  const child = spawn(process.execPath, [entries[entry]], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${url}/api/health`);
  return {
    url,
    process: child,
    dataDir,
    stop: () => stopProcess(child, 'SIGTERM'),
  };
}

/** Signals a child and waits until it has exited (at once if it already has). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** Signs in through the API: the access token. */
export async function signIn(url: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/accounts/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { jwtToken: string }).jwtToken;
}

export const signInAsAdmin = (url: string) => signIn(url, ADMIN);

/** A genuine PDF of about `megabytes` MB. */
export const pdfOfSize = (megabytes: number) => makePdf('Benchmark edition', megabytes * 1_048_576 - 2_000);

/** A process's resident memory (MB). */
export function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples a process's resident memory; `peak()` is the highest seen (MB). */
export function watchMemory(pid: number) {
  const rss = () => residentMb(pid);
  const start = rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  return {
    start,
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** /proc/<pid>/stat from its third field on (state, parent, ...): the command name before it may hold spaces. */
const statFields = (pid: number | string) =>
  readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];

/** CPU time (user and system) a process has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** A process and its children (nginx: the master and its workers). */
export function withChildren(pid: number): number[] {
  const children = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return statFields(entry)[1] === String(pid);
    } catch {
      return false; // it ended while the folder was read
    }
  });
  return [pid, ...children.map(Number)];
}

/** CPU seconds and peak resident memory (MB, summed) of some processes over a stretch of work. */
export function watchProcesses(pids: number[]) {
  const cpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const rss = () => pids.reduce((sum, pid) => sum + residentMb(pid), 0);
  const cpuBefore = cpu();
  let peak = rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { cpuSeconds: cpu() - cpuBefore, peakMb: Math.max(peak, rss()) };
    },
  };
}

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Runs `measure` `runs` times in a row: its p50 and p99 in ms, and what the last run answered. */
export async function timeRuns<T>(runs: number, measure: () => Promise<T>) {
  const times: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < runs; run++) {
    const begin = performance.now();
    last = await measure();
    times.push(performance.now() - begin);
  }
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), last: last as T };
}

/** One request of an open-loop run: a GET of `path` with these headers. */
export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadFigures {
  answered: number;
  /** Answers a second, from the first request's due time to the last answer. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, failed requests, and requests still unanswered DRAIN_MS after the last was due. */
  errors: number;
}

/** Connections the load generator may open; requests beyond them wait in its queue, and that wait counts. */
const LOAD_CONNECTIONS = 128;
const DRAIN_MS = 10_000;

/**
 * Open-loop load: `rate` requests a second for `seconds`, request n due at start + n / rate (uniform
 * arrivals, never bursts that wait for answers) and asking `requests[n % requests.length]`. Latency runs from
 * the time a request was due, not from when it went out, so a server (or a client) that falls behind shows as
 * latency instead of as fewer requests: no coordinated omission. Latencies in ms.
 */
export async function openLoop(
  origin: string,
  requests: readonly LoadRequest[],
  { rate, seconds }: { rate: number; seconds: number },
): Promise<LoadFigures> {
  const pool = new Pool(origin, { connections: LOAD_CONNECTIONS });
  const count = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let refused = 0;
  let failed = 0;
  let lastAnswer = 0;
  const start = performance.now();
  const send = async (n: number) => {
    const due = start + n * interval;
    const { path, headers } = requests[n % requests.length] as LoadRequest;
    try {
      const { statusCode, body } = await pool.request({ method: 'GET', path, headers });
      await body.arrayBuffer();
      if (statusCode < 200 || statusCode > 299) refused += 1;
    } catch {
      failed += 1;
      return;
    }
    lastAnswer = performance.now();
    latencies.push(lastAnswer - due);
  };
  const sent: Promise<void>[] = [];
  while (sent.length < count) {
    const due = Math.min(count, Math.floor((performance.now() - start) / interval) + 1);
    while (sent.length < due) sent.push(send(sent.length));
    await sleep(Math.max(0, start + sent.length * interval - performance.now()));
  }
  await Promise.race([Promise.all(sent), sleep(DRAIN_MS)]);
  const unanswered = count - latencies.length - failed;
  await pool.destroy();
  return {
    answered: latencies.length,
    achieved: latencies.length && latencies.length / ((lastAnswer - start) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: percentile(latencies, 1),
    errors: refused + failed + unanswered,
  };
}

export const median = (values: number[]) => percentile(values, 0.5);

/** The median of one figure over runs. */
export const medianOf = <K extends string>(runs: Record<K, number>[], figure: K) =>
  median(runs.map((run) => run[figure]));

/** What Chromium sends with every request. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * The calls the member's dashboard makes when it opens (apps/web/src/features/downloads/pages/
 * user-dashboard-page.tsx): its first page of editions, the languages of its filter, the member's counts.
 */
export const DASHBOARD_CALLS = [
  '/api/editions?first=0&rows=10&search=&sortField=edition&sortOrder=-1',
  '/api/languages/getAll',
  '/api/transaction/myDownloadCounts',
];

/**
 * A reference server in a process of its own, as the portal is: the Fastify hello-world (reference/hello.ts) or
 * plain Node resizing covers (reference/covers.ts).
 */
export async function startReference(name: 'hello' | 'covers', port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, `reference/${name}.ts`)], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForAnswer(`http://127.0.0.1:${port}/`);
  return child;
}

/** The download reference: a plain Node static file server in a process of its own, as the portal is. */
export async function startStaticServer(file: string, port: number): Promise<ChildProcess> {
  const source = `
    const { createReadStream, statSync } = require('node:fs');
    const [file, port] = process.argv.slice(1);
    require('node:http')
      .createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': statSync(file).size });
        createReadStream(file).pipe(response);
      })
      .listen(Number(port), '127.0.0.1', () => process.send('listening'));`;
  const child = spawn(process.execPath, ['-e', source, file, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await once(child, 'message');
  return child;
}

/** Sends JSON with a bearer token and fails loudly on anything but the expected status. */
export async function call(url: string, token: string, method: string, body: unknown, expected: number) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs `work` over `items`, `parallel` at a time. */
export async function eachLimited<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

/** The admin uploads `count` editions of Teevo in `language`, month after month from FIRST_YEAR: their ids. */
export async function uploadEditions(url: string, admin: string, language: string, pdf: Blob, count: number) {
  const editions: string[] = [];
  for (let index = 0; index < count; index++) {
    const form = new FormData();
    const fields = {
      book: 'Teevo',
      language,
      year: String(FIRST_YEAR + Math.floor(index / 12)),
      month: String(1 + (index % 12)),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', pdf, 'bench.pdf');
    const upload = await fetch(`${url}/api/files/uploadfile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    editions.push(((await upload.json()) as { id: string }).id);
  }
  return editions;
}

/** The admin creates `count` members (member0@bench.example, ...), each then signed in: their access tokens. */
export async function createMembers(url: string, admin: string, count: number) {
  return eachLimited(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index) => {
      const email = `member${index}@bench.example`;
      const password = 'Member-password-1';
      await call(
        `${url}/api/accounts`,
        admin,
        'POST',
        { firstName: 'Bench', lastName: `Member ${index}`, email, password, confirmPassword: password },
        201,
      );
      const signedIn = await fetch(`${url}/api/accounts/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await signedIn.json()) as { jwtToken: string }).jwtToken;
    },
  );
}

/** Each of the first `clients` members' download link (a path) for an edition, asked of the portal at `url`. */
export async function downloadLinks(url: string, members: string[], edition: string, clients: number) {
  return eachLimited(members.slice(0, clients), 8, async (member) => {
    const response = await fetch(`${url}/api/files/${edition}/download-link`, {
      headers: { authorization: `Bearer ${member}` },
    });
    return ((await response.json()) as { url: string }).url;
  });
}

export interface DownloadRun {
  mbPerSecond: number;
  cpuPerGb: number;
  ttfbP50: number;
  ttfbP99: number;
  peakMb: number;
}

/**
 * One client: curl, a process of its own, throwing the bytes away (a client in this process would share
 * one core's event loop among all the downloads and measure itself rather than the server). It starts
 * now and waits for its URL on standard input, so that `go()` sets every client of a run off at once.
 */
function readyClient(url: string, size: number) {
  const curl = spawn('curl', ['--config', '-']);
  let report = '';
  curl.stdout.on('data', (chunk: Buffer) => {
    report += chunk;
  });
  const closed = once(curl, 'close');
  return {
    async go() {
      curl.stdin.end(
        `url = "${url}"\noutput = "/dev/null"\nsilent\nwrite-out = "%{http_code} %{time_starttransfer} %{size_download}"\n`,
      );
      const [code] = (await closed) as [number];
      const [status, firstByte, received] = report.split(' ');
      if (code !== 0 || status !== '200' || Number(received) !== size) {
        throw new Error(`${url}: curl exit ${code}, status ${status}, ${received} of ${size} bytes`);
      }
      return { ttfb: Number(firstByte) * 1000, bytes: size };
    },
  };
}

/** Every URL fetched at once, each by a client of its own; `serving`: the processes whose CPU and memory count. */
export async function downloadAll(urls: string[], serving: number[], size: number): Promise<DownloadRun> {
  const clients = urls.map((url) => readyClient(url, size));
  const watch = watchProcesses(serving);
  const begin = performance.now();
  const fetched = await Promise.all(clients.map((client) => client.go()));
  const seconds = (performance.now() - begin) / 1000;
  const { cpuSeconds, peakMb } = watch.stop();
  const bytes = fetched.reduce((sum, { bytes }) => sum + bytes, 0);
  const ttfb = fetched.map((each) => each.ttfb);
  return {
    mbPerSecond: bytes / 1_048_576 / seconds,
    cpuPerGb: cpuSeconds / (bytes / 1_073_741_824),
    ttfbP50: percentile(ttfb, 0.5),
    ttfbP99: percentile(ttfb, 0.99),
    peakMb,
  };
}
