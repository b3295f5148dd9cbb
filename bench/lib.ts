import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
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
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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
