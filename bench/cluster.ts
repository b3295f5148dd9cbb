/**
 * Several instances (README "Several instances", docs/deploy.md): the member's dashboard and the downloads
 * through one portal instance and through two, both behind the same nginx, printed side by side.
 * Everything runs in this process tree: a scratch database on DATABASE_URL's server, an s3rver bucket (in a
 * process of its own, so its CPU counts with the serving processes), Redis (REDIS_URL, default
 * redis://127.0.0.1:6379), two instances as `npm start` runs them with the settings they share (TRUST_PROXY,
 * STORAGE=s3, DOWNLOAD_DELIVERY=stream: the instance streams each PDF from the bucket), and one nginx with
 * the proxy settings of docs/deploy.md: "one instance" proxies to A only, "two instances" round-robin to A
 * and B.
 * References, behind that same nginx with the same settings: the Fastify hello-world (reference/hello.ts) for
 * the dashboard, and a plain Node static server sending the same 30 MB file from the disk for the downloads.
 * Not nginx sending the file itself: that skips the proxy hop and Node altogether, so its ratio would mostly
 * measure the hop; with the same hop and one Node process on each side, the ratio shows what the portal's
 * own work (checks, recording, reading from the bucket) costs.
 * Dashboard: open-loop load of its calls (lib.ts openLoop) at RATE req/s for ROUND_SECONDS; downloads:
 * CLIENTS curl clients at once, each a member's first download of its edition (so each one is recorded).
 * Rounds alternate reference, one, two after a warm-up of each; figures are medians of ROUNDS rounds.
 * CPU-s/GB counts nginx and, for the portal, both instances and the bucket; for the reference, the static
 * server.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/cluster.ts
 *      (ROUNDS 3, ROUND_SECONDS 10, RATE 400, CLIENTS 20,50; needs curl and nginx: apt-get install nginx-light)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { newBucket, startBucketServer } from '../apps/server/test/bucket.ts';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { startNginx } from '../apps/server/test/nginx.ts';
import {
  BROWSER,
  call,
  createMembers,
  DASHBOARD_CALLS,
  type DownloadRun,
  downloadAll,
  downloadLinks,
  type LoadFigures,
  type LoadRequest,
  medianOf,
  openLoop,
  pdfOfSize,
  type RunningServer,
  signInAsAdmin,
  startPortal,
  startReference,
  startStaticServer,
  stopProcess,
  uploadEditions,
  withChildren,
} from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.min(2, ROUND_SECONDS);
const RATE = Number(process.env.RATE ?? 400);
const CLIENTS = (process.env.CLIENTS ?? '20,50').split(',').map(Number);
const SIZE_MB = 30;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Languages whose editions (small ones) fill the dashboard's list beside the English 30 MB ones. */
const MORE_LANGUAGES = ['French', 'Swahili', 'Portuguese'];
const PORT = { a: 4701, b: 4702, hello: 4703, static: 4704, one: 4711, two: 4712, helloProxy: 4713, staticProxy: 4714 };
const deployGuide = path.resolve(import.meta.dirname, '../docs/deploy.md');
const at = (port: number) => `http://127.0.0.1:${port}`;
type Target = 'reference' | 'one' | 'two';
/** Each round's order: the reference first, as in bench/api.ts. */
const TARGETS: Target[] = ['reference', 'one', 'two'];

async function redisAnswers(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The failure shows as connect()'s rejection; without a listener ioredis would also print it as unhandled.
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** docs/deploy.md's `location / { ... }` for the instances, so the bench proxies as the guide installs. */
async function deployedLocation() {
  const location = /\n( {4}location \/ \{\n[\s\S]*?\n {4}\})\n/.exec(await readFile(deployGuide, 'utf8'))?.[1];
  if (!location?.includes('proxy_pass http://portal;')) {
    throw new Error('docs/deploy.md no longer has its "location / { proxy_pass http://portal; ... }"');
  }
  return location;
}

/** nginx's upstreams and a server block for each: the same proxy settings in front of every target. */
async function nginxConfig() {
  const location = await deployedLocation();
  const upstreams = { one: [PORT.a], two: [PORT.a, PORT.b], hello: [PORT.hello], static: [PORT.static] };
  const listen = { one: PORT.one, two: PORT.two, hello: PORT.helloProxy, static: PORT.staticProxy };
  return Object.entries(upstreams)
    .map(
      ([name, ports]) => `
    upstream ${name} {
${ports.map((port) => `        server 127.0.0.1:${port};`).join('\n')}
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${listen[name as keyof typeof listen]};
    ${location.replace('proxy_pass http://portal;', `proxy_pass http://${name};`)}
    }`,
    )
    .join('\n');
}

/** Everything started, stopped in reverse order on the way out, however it goes; each only once. */
const started: { stop(): Promise<void> }[] = [];
async function stopAll() {
  for (let each = started.pop(); each; each = started.pop()) await each.stop();
}
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

/** A table: a row a figure (its label, its median for a target, decimals), the targets side by side and their ratios. */
function printTable(title: string, rows: [string, (target: Target) => number, number][]) {
  const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(2));
  console.log(`\n${title}`);
  console.log(
    `${''.padEnd(16)}${['one instance', 'two instances', 'reference', 'two/one', 'one/ref', 'two/ref'].map((head) => head.padStart(14)).join('')}`,
  );
  for (const [label, figure, digits] of rows) {
    const [one, two, reference] = [figure('one'), figure('two'), figure('reference')];
    const cells = [one, two, reference].map((value) => value.toFixed(digits));
    cells.push(ratio(two, one), ratio(one, reference), ratio(two, reference));
    console.log(`${label.padEnd(16)}${cells.map((cell) => cell.padStart(14)).join('')}`);
  }
}

if (!process.env.DATABASE_URL) {
  console.error(
    'bench/cluster.ts needs DATABASE_URL (a PostgreSQL server where it may create and drop a scratch database)',
  );
  process.exit(1);
}
if (!(await redisAnswers(REDIS_URL))) {
  console.error(`bench/cluster.ts needs Redis: nothing answers at ${REDIS_URL} (set REDIS_URL)`);
  process.exit(1);
}

try {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  started.push({ stop: scratch.drop });
  const bucket = await startBucketServer();
  started.push({ stop: bucket.close });
  const shared = {
    DATABASE_URL: scratch.url,
    ...(await newBucket(bucket.endpoint)),
    REDIS_URL,
    TRUST_PROXY: 'true',
    DOWNLOAD_DELIVERY: 'stream',
    // Every member signs in from this machine's address, counted for both instances in Redis.
    AUTH_RATE_LIMIT: '1000000',
  };
  // One after the other: the first start runs the migrations and may rebuild the bundle.
  const instances: RunningServer[] = [];
  for (const port of [PORT.a, PORT.b]) {
    const instance = await startPortal(port, shared, 'bundle');
    started.push({
      async stop() {
        await instance.stop();
        await rm(instance.dataDir, { recursive: true, force: true });
      },
    });
    instances.push(instance);
  }
  const a = instances[0] as RunningServer;

  const admin = await signInAsAdmin(a.url);
  const pdf = pdfOfSize(SIZE_MB);
  // Two editions to warm up with, then one per round, client count and target: each download is a first.
  const downloadEditions = 2 + 2 * ROUNDS * CLIENTS.length;
  await call(`${a.url}/api/languages`, admin, 'POST', { name: 'English' }, 201);
  const editions = await uploadEditions(a.url, admin, 'English', new Blob([new Uint8Array(pdf)]), downloadEditions);
  for (const language of MORE_LANGUAGES) {
    await call(`${a.url}/api/languages`, admin, 'POST', { name: language }, 201);
    await uploadEditions(a.url, admin, language, new Blob([new Uint8Array(pdfOfSize(1))]), 12);
  }
  const members = await createMembers(a.url, admin, Math.max(...CLIENTS));

  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-cluster-'));
  started.push({ stop: () => rm(folder, { recursive: true, force: true }) });
  const file = path.join(folder, 'edition.pdf');
  await writeFile(file, pdf);
  const hello = await startReference('hello', PORT.hello);
  started.push({ stop: () => stopProcess(hello) });
  const staticServer = await startStaticServer(file, PORT.static);
  started.push({ stop: () => stopProcess(staticServer) });
  const nginx = await startNginx(await nginxConfig(), `${at(PORT.one)}/api/health`);
  started.push(nginx);
  const pidsOf = (...children: ChildProcess[]) => children.flatMap((child) => withChildren(child.pid as number));
  const nginxPids = withChildren(nginx.process.pid as number);
  const portalServing = [...nginxPids, ...pidsOf(...instances.map((each) => each.process), bucket.process)];
  console.log(
    `${editions.length} editions of ${SIZE_MB} MB and ${12 * MORE_LANGUAGES.length} small ones in ${MORE_LANGUAGES.length + 1} languages, ${members.length} members`,
  );

  const dashboard: LoadRequest[] = DASHBOARD_CALLS.map((call) => ({
    path: call,
    headers: { ...BROWSER, authorization: `Bearer ${members[0]}` },
  }));
  const loads: Record<Target, { origin: string; requests: LoadRequest[] }> = {
    reference: { origin: at(PORT.helloProxy), requests: [{ path: '/', headers: BROWSER }] },
    one: { origin: at(PORT.one), requests: dashboard },
    two: { origin: at(PORT.two), requests: dashboard },
  };
  const load = (target: Target, seconds: number) =>
    openLoop(loads[target].origin, loads[target].requests, { rate: RATE, seconds });
  const loadRuns: Record<Target, LoadFigures[]> = { reference: [], one: [], two: [] };
  for (const target of TARGETS) await load(target, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of TARGETS) loadRuns[target].push(await load(target, ROUND_SECONDS));
    console.log(`dashboard round ${round + 1} of ${ROUNDS} done`);
  }

  /**
   * A portal target's links, opened through its nginx port: for run n (-1: the warm-up) the edition no other
   * run downloads, so that each download is a member's first of its edition.
   */
  const linksThrough = (port: number, offset: number) => async (run: number, clients: number) =>
    (await downloadLinks(at(port), members, editions[2 + 2 * run + offset] as string, clients)).map(
      (link) => `${at(port)}${link}`,
    );
  const downloads: Record<Target, { serving: number[]; urls(run: number, clients: number): Promise<string[]> }> = {
    reference: {
      serving: [...nginxPids, ...pidsOf(staticServer)],
      urls: async (_run, clients) => Array.from({ length: clients }, () => `${at(PORT.staticProxy)}/edition.pdf`),
    },
    one: { serving: portalServing, urls: linksThrough(PORT.one, 0) },
    two: { serving: portalServing, urls: linksThrough(PORT.two, 1) },
  };
  const download = async (target: Target, run: number, clients: number) =>
    downloadAll(await downloads[target].urls(run, clients), downloads[target].serving, pdf.length);
  for (const target of TARGETS) await download(target, -1, Math.min(...CLIENTS));
  const downloadRuns = new Map<string, DownloadRun[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [level, clients] of CLIENTS.entries()) {
      for (const target of TARGETS) {
        const key = `${clients}:${target}`;
        const run = await download(target, round * CLIENTS.length + level, clients);
        downloadRuns.set(key, [...(downloadRuns.get(key) ?? []), run]);
      }
    }
    console.log(`download round ${round + 1} of ${ROUNDS} done`);
  }

  console.log(
    `\n${os.cpus().length} cores: the two instances share them with nginx, the bucket, PostgreSQL, Redis and the clients,` +
      '\nso two/one shows what the proxy and the shared state cost or gain here, not how a second machine would scale.' +
      `\nMedians of ${ROUNDS} interleaved rounds; latency in ms from each request's due time.`,
  );
  printTable(
    `Member's dashboard (its ${DASHBOARD_CALLS.length} calls in turn; reference: hello-world), ${RATE} req/s offered for ${ROUND_SECONDS} s`,
    [
      ['achieved req/s', (target) => medianOf(loadRuns[target], 'achieved'), 0],
      ['p50 ms', (target) => medianOf(loadRuns[target], 'p50'), 1],
      ['p99 ms', (target) => medianOf(loadRuns[target], 'p99'), 1],
      ['errors', (target) => medianOf(loadRuns[target], 'errors'), 0],
    ],
  );
  for (const clients of CLIENTS) {
    const of = (figure: keyof DownloadRun) => (target: Target) =>
      medianOf(downloadRuns.get(`${clients}:${target}`) ?? [], figure);
    printTable(`Downloads: ${clients} clients at once, ${SIZE_MB} MB each (reference: plain Node static server)`, [
      ['MB/s', of('mbPerSecond'), 0],
      ['CPU-s/GB', of('cpuPerGb'), 2],
      ['TTFB p50 ms', of('ttfbP50'), 1],
      ['TTFB p99 ms', of('ttfbP99'), 1],
    ]);
  }
} finally {
  await stopAll();
}
