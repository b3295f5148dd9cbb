/**
 * The first-of-the-month rush on downloads: 10, 50 and 200 clients at once, each fetching a 30 MB edition
 * through its own download link (as a browser does), against, in the same run:
 * - a plain Node static server (fs.createReadStream piped to the response, default settings): the reference;
 * - nginx sending the file itself (sendfile);
 * - the portal in X-Accel mode behind that nginx, configured by docs/nginx.conf (the portal authorises and
 *   records, nginx sends the bytes).
 * Rounds are interleaved (portal, Node, nginx, X-Accel, portal, ...) and each figure is the median of
 * ROUNDS rounds: throughput, CPU-seconds per GB of the serving processes (/proc utime + stime; nginx's
 * master and workers), time to first byte p50/p99, and the serving processes' peak RSS. Every download
 * of the portal's is a member's first download of that edition, so each one is recorded.
 * Run: node bench/download.ts   (ROUNDS=3, CLIENTS=10,50,200; DATABASE_URL: the portals run on scratch databases made
 * on that server and dropped; needs curl and nginx:
 * apt-get install nginx-light)
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { shippedNginxConfig, startNginx } from '../apps/server/test/nginx.ts';
import {
  call,
  createMembers,
  downloadAll,
  downloadLinks,
  medianOf,
  pdfOfSize,
  type DownloadRun as Run,
  signInAsAdmin,
  startPortal,
  startStaticServer,
  uploadEditions,
  withChildren,
} from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = (process.env.CLIENTS ?? '10,50,200').split(',').map(Number);
const SIZE_MB = 30;
const PORT = { portal: 4601, accelPortal: 4602, node: 4603, nginxPortal: 4604, nginxDirect: 4605 };
const ACCEL_PREFIX = '/protected-files';
/** nginx with the shipped config, and the file served directly. */
const nginxConfig = async (
  accelFiles: string,
  directFile: string,
) => `${await shippedNginxConfig({ portal: PORT.accelPortal, listen: PORT.nginxPortal, files: accelFiles })}
    server {
        listen 127.0.0.1:${PORT.nginxDirect};
        location = /edition.pdf {
            alias ${directFile};
            default_type application/pdf;
            sendfile on;
            tcp_nopush on;
        }
    }`;

/**
 * A portal with the editions the rounds need (one per round and client count, so every download is a
 * member's first of its edition and is recorded, and one to warm up with) and as many signed-in members
 * as the most clients.
 */
async function preparePortal(port: number, environment: Record<string, string>) {
  // On PostgreSQL each portal gets a database of its own, as each gets a data folder of its own.
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  // As `npm start` runs it: the bundle.
  const portal = await startPortal(
    port,
    { AUTH_RATE_LIMIT: '1000000', ...(scratch && { DATABASE_URL: scratch.url }), ...environment },
    'bundle',
  );
  started.push({
    async stop() {
      await portal.stop();
      await rm(portal.dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  });
  const admin = await signInAsAdmin(portal.url);
  await call(`${portal.url}/api/languages`, admin, 'POST', { name: 'English' }, 201);
  const pdf = new Blob([new Uint8Array(pdfOfSize(SIZE_MB))], { type: 'application/pdf' });
  const editions = await uploadEditions(portal.url, admin, 'English', pdf, ROUNDS * CLIENTS.length + 1);
  const members = await createMembers(portal.url, admin, Math.max(...CLIENTS));
  return { portal, editions, members };
}

const started: { stop(): Promise<void> }[] = [];
try {
  const ours = await preparePortal(PORT.portal, {});
  const accel = await preparePortal(PORT.accelPortal, { ACCEL_REDIRECT_PREFIX: ACCEL_PREFIX });
  const ourFiles = path.join(ours.portal.dataDir, 'files');
  const directFile = path.join(ourFiles, (await readdir(ourFiles)).find((name) => name.endsWith('.pdf')) as string);
  const { size } = await stat(directFile);
  const node = await startStaticServer(directFile, PORT.node);
  started.push({ stop: async () => void node.kill() });
  const nginx = await startNginx(
    await nginxConfig(path.join(accel.portal.dataDir, 'files'), directFile),
    `http://127.0.0.1:${PORT.nginxDirect}/edition.pdf`,
  );
  started.push(nginx);
  const nginxPids = withChildren(nginx.process.pid as number);
  const pidOf = (child: ChildProcess) => child.pid as number;
  /** A portal's links for the edition of that run (its last edition for the warm-up), opened at `base`. */
  const linksOf =
    (prepared: Awaited<ReturnType<typeof preparePortal>>, base: string) => async (run: number, clients: number) =>
      (await downloadLinks(prepared.portal.url, prepared.members, prepared.editions.at(run) as string, clients)).map(
        (link) => `${base}${link}`,
      );
  const same = (url: string) => async (_run: number, clients: number) => Array.from({ length: clients }, () => url);
  const servers = [
    { label: 'portal', serving: [pidOf(ours.portal.process)], urls: linksOf(ours, ours.portal.url) },
    { label: 'plain Node static server', serving: [pidOf(node)], urls: same(`http://127.0.0.1:${PORT.node}/`) },
    {
      label: 'nginx, the file directly',
      serving: nginxPids,
      urls: same(`http://127.0.0.1:${PORT.nginxDirect}/edition.pdf`),
    },
    {
      label: 'portal X-Accel via nginx',
      serving: [...nginxPids, pidOf(accel.portal.process)],
      urls: linksOf(accel, `http://127.0.0.1:${PORT.nginxPortal}`),
    },
  ];

  // A warm-up round of the fewest clients, so no one's first round pays for compilation or cold caches.
  for (const server of servers) await downloadAll(await server.urls(-1, Math.min(...CLIENTS)), server.serving, size);

  const runs = new Map<string, Run[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [level, clients] of CLIENTS.entries()) {
      for (const server of servers) {
        const urls = await server.urls(round * CLIENTS.length + level, clients);
        const key = `${clients}:${server.label}`;
        runs.set(key, [...(runs.get(key) ?? []), await downloadAll(urls, server.serving, size)]);
      }
    }
    process.stdout.write(`round ${round + 1} of ${ROUNDS} done\n`);
  }

  console.log(`\n${SIZE_MB} MB PDF over loopback, medians of ${ROUNDS} interleaved rounds, ${os.cpus().length} cores`);
  for (const clients of CLIENTS) {
    console.log(`\n${clients} concurrent clients`);
    console.log(
      `${''.padEnd(28)} ${'MB/s'.padStart(7)} ${'CPU-s/GB'.padStart(9)} ${'TTFB p50'.padStart(10)} ${'TTFB p99'.padStart(10)} ${'peak RSS'.padStart(9)}`,
    );
    const figures = (label: string) => runs.get(`${clients}:${label}`) as Run[];
    for (const { label } of servers) {
      const run = figures(label);
      console.log(
        `${label.padEnd(28)} ${medianOf(run, 'mbPerSecond').toFixed(0).padStart(7)} ${medianOf(run, 'cpuPerGb').toFixed(2).padStart(9)} ${`${medianOf(run, 'ttfbP50').toFixed(1)} ms`.padStart(10)} ${`${medianOf(run, 'ttfbP99').toFixed(1)} ms`.padStart(10)} ${`${medianOf(run, 'peakMb').toFixed(0)} MB`.padStart(9)}`,
      );
    }
    const [portal, plain, direct, accelerated] = servers.map(({ label }) => figures(label));
    const ratio = (a: Run[], b: Run[], figure: keyof Run) => (medianOf(a, figure) / medianOf(b, figure)).toFixed(2);
    console.log(
      `portal / Node: throughput ${ratio(portal as Run[], plain as Run[], 'mbPerSecond')} (goal ≥ 1.0), CPU per GB ${ratio(portal as Run[], plain as Run[], 'cpuPerGb')} (goal ≤ 1.0), TTFB p50 ${ratio(portal as Run[], plain as Run[], 'ttfbP50')} (goal ≤ 2.0)`,
    );
    console.log(
      `X-Accel / nginx directly: throughput ${ratio(accelerated as Run[], direct as Run[], 'mbPerSecond')} (goal ≥ 0.8)`,
    );
  }
} finally {
  for (const server of started.reverse()) await server.stop();
}
