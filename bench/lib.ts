import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makePdf } from '../apps/server/test/files.ts';

export const ADMIN = { email: 'bench@example.org', password: 'Bench-password-1' };
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/src/server.ts');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the real portal on a free port with a fresh data folder and waits until it answers. */
export async function startPortal(port: number): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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

export async function signInAsAdmin(url: string): Promise<string> {
  const response = await fetch(`${url}/api/accounts/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { jwtToken: string }).jwtToken;
}

/** A genuine PDF of about `megabytes` MB. */
export const pdfOfSize = (megabytes: number) => makePdf('Benchmark edition', megabytes * 1_048_576 - 2_000);

/** Samples a process's resident memory; `peak()` is the highest seen (MB). */
export function watchMemory(pid: number) {
  const rss = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  };
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
