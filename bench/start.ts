/**
 * How soon the server answers after it is started (issue 13: ready in under 1 s on PostgreSQL): the time from
 * spawning the process to its first 200 from /api/health, as `npm start` runs it (the bundle, already built),
 * on PostgreSQL and on the embedded database, each on a database it has already migrated and seeded (a restart),
 * beside a Fastify hello-world (bench/reference/hello.ts) started the same way in the same run. Rounds
 * alternate reference, PostgreSQL, embedded; the figures are the medians of ROUNDS (7).
 * Run: node bench/start.ts   (DATABASE_URL: the server for the scratch database, default
 * postgres://postgres@127.0.0.1:5432/postgres; it is created and dropped)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundleIfChanged } from '../apps/server/scripts/build.ts';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { freePort } from '../apps/server/test/server-process.ts';
import { ADMIN, median } from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const hello = path.resolve(import.meta.dirname, 'reference/hello.ts');
const startScript = path.resolve(import.meta.dirname, '../apps/server/scripts/start.ts');

/** Spawns `script` and measures the milliseconds until `readyPath` answers 200; then stops it. */
async function timeToReady(script: string, readyPath: string, environment: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { ...process.env, ...environment, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`))),
  );
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await sleep(2);
    }
  })();
  const milliseconds = await Promise.race([ready, exited]);
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
  return milliseconds;
}

await bundleIfChanged();
const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const embeddedDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-start-'));
const postgresDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-start-'));
const portal = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const setups = {
  'Fastify hello-world': () => timeToReady(hello, '/', {}),
  'portal on PostgreSQL': () =>
    timeToReady(startScript, '/api/health', { ...portal, DATA_DIR: postgresDir, DATABASE_URL: scratch.url }),
  'portal, embedded database': () => timeToReady(startScript, '/api/health', { ...portal, DATA_DIR: embeddedDir }),
};
try {
  // The first start of each portal migrates and seeds its database: not a restart, not counted.
  const first = {
    postgres: await setups['portal on PostgreSQL'](),
    embedded: await setups['portal, embedded database'](),
  };
  const figures = Object.fromEntries(Object.keys(setups).map((name) => [name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, start] of Object.entries(setups)) figures[name]?.push(await start());
  }
  console.log(`\nSpawn to first 200 from the health check, medians of ${ROUNDS} interleaved rounds, 2 cores`);
  for (const [name, times] of Object.entries(figures)) {
    console.log(
      `  ${name.padEnd(28)} ${median(times).toFixed(0).padStart(6)} ms   (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    );
  }
  console.log(
    `  first start on a new database (migrations and seed): PostgreSQL ${first.postgres.toFixed(0)} ms, embedded ${first.embedded.toFixed(0)} ms`,
  );
  const postgres = median(figures['portal on PostgreSQL'] ?? []);
  console.log(
    `portal on PostgreSQL ready in ${postgres.toFixed(0)} ms: goal < 1000 ms, ${postgres < 1000 ? 'met' : 'NOT met'}`,
  );
} finally {
  await scratch.drop();
  await rm(embeddedDir, { recursive: true, force: true });
  await rm(postgresDir, { recursive: true, force: true });
}
