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
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIRST_YEAR } from '@portal/contract';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import {
  pdfOfSize,
  percentile,
  type RunningServer,
  signInAsAdmin,
  startPortal,
  watchProcesses,
  withChildren,
} from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = (process.env.CLIENTS ?? '10,50,200').split(',').map(Number);
const SIZE_MB = 30;
const PORT = { portal: 4601, accelPortal: 4602, node: 4603, nginxPortal: 4604, nginxDirect: 4605 };
const ACCEL_PREFIX = '/protected-files';
const docsConfig = path.resolve(import.meta.dirname, '../docs/nginx.conf');

interface Run {
  mbPerSecond: number;
  cpuPerGb: number;
  ttfbP50: number;
  ttfbP99: number;
  peakMb: number;
}

/** The reference: a plain Node static file server in a process of its own, as the portal is. */
async function startStaticServer(file: string, port: number) {
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

/** The shipped docs/nginx.conf with this machine's ports and folder; fails when a line it changes is gone. */
async function shippedConfig(accelFiles: string) {
  let config = await readFile(docsConfig, 'utf8');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:4000;', `server 127.0.0.1:${PORT.accelPortal};`],
    ['listen 80;', `listen 127.0.0.1:${PORT.nginxPortal};`],
    ['location /protected-files/ {', `location ${ACCEL_PREFIX}/ {`],
    ['alias /srv/portal/data/files/;', `alias ${accelFiles}/;`],
  ];
  for (const [from, to] of replacements) {
    if (!config.includes(from)) throw new Error(`docs/nginx.conf no longer has "${from}"`);
    config = config.replace(from, to);
  }
  return config;
}

/** nginx in the foreground with everything in a temporary folder: the shipped config, and the file served directly. */
async function startNginx(accelFiles: string, directFile: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-nginx-'));
  await writeFile(path.join(folder, 'portal.conf'), await shippedConfig(accelFiles));
  await writeFile(
    path.join(folder, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes auto;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path ${folder}/client-body;
    proxy_temp_path ${folder}/proxy;
    fastcgi_temp_path ${folder}/fastcgi;
    uwsgi_temp_path ${folder}/uwsgi;
    scgi_temp_path ${folder}/scgi;
    include ${folder}/portal.conf;
    server {
        listen 127.0.0.1:${PORT.nginxDirect};
        location = /edition.pdf {
            alias ${directFile};
            default_type application/pdf;
            sendfile on;
            tcp_nopush on;
        }
    }
}
`,
  );
  const child = spawn(
    'nginx',
    ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(`http://127.0.0.1:${PORT.nginxDirect}/edition.pdf`, { method: 'HEAD' }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt === 100 || child.exitCode !== null) {
      throw new Error(`nginx did not start: ${await readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '')}`);
    }
    await sleep(100);
  }
  return {
    process: child,
    async stop() {
      child.kill('SIGQUIT');
      await once(child, 'exit');
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Posts JSON with the admin's token and fails loudly on anything but the expected status. */
async function call(url: string, token: string, method: string, body: unknown, expected: number) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs `work` over `items`, `parallel` at a time. */
async function eachLimited<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
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
  const editions: string[] = [];
  for (let index = 0; index <= ROUNDS * CLIENTS.length; index++) {
    const form = new FormData();
    const fields = {
      book: 'Teevo',
      language: 'English',
      year: String(FIRST_YEAR + Math.floor(index / 12)),
      month: String(1 + (index % 12)),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', pdf, 'bench.pdf');
    const upload = await fetch(`${portal.url}/api/files/uploadfile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    editions.push(((await upload.json()) as { id: string }).id);
  }
  const members = await eachLimited(
    Array.from({ length: Math.max(...CLIENTS) }, (_, index) => index),
    4,
    async (index) => {
      const email = `member${index}@bench.example`;
      const password = 'Member-password-1';
      await call(
        `${portal.url}/api/accounts`,
        admin,
        'POST',
        { firstName: 'Bench', lastName: `Member ${index}`, email, password, confirmPassword: password },
        201,
      );
      const signedIn = await fetch(`${portal.url}/api/accounts/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await signedIn.json()) as { jwtToken: string }).jwtToken;
    },
  );
  return { portal, editions, members };
}

/** Each of the first `clients` members' download link for an edition (made before the clock starts). */
async function downloadLinks(portal: RunningServer, members: string[], edition: string, clients: number) {
  return eachLimited(members.slice(0, clients), 8, async (member) => {
    const response = await fetch(`${portal.url}/api/files/${edition}/download-link`, {
      headers: { authorization: `Bearer ${member}` },
    });
    return ((await response.json()) as { url: string }).url;
  });
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

/** Every URL fetched at once, each by a client of its own. */
async function downloadAll(urls: string[], serving: number[], size: number): Promise<Run> {
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

const median = (runs: Run[], figure: keyof Run) =>
  percentile(
    runs.map((run) => run[figure]),
    0.5,
  );

const started: { stop(): Promise<void> }[] = [];
try {
  const ours = await preparePortal(PORT.portal, {});
  const accel = await preparePortal(PORT.accelPortal, { ACCEL_REDIRECT_PREFIX: ACCEL_PREFIX });
  const ourFiles = path.join(ours.portal.dataDir, 'files');
  const directFile = path.join(ourFiles, (await readdir(ourFiles)).find((name) => name.endsWith('.pdf')) as string);
  const { size } = await stat(directFile);
  const node = await startStaticServer(directFile, PORT.node);
  started.push({ stop: async () => void node.kill() });
  const nginx = await startNginx(path.join(accel.portal.dataDir, 'files'), directFile);
  started.push(nginx);
  const nginxPids = withChildren(nginx.process.pid as number);
  const pidOf = (child: ChildProcess) => child.pid as number;
  /** A portal's links for the edition of that run (its last edition for the warm-up), opened at `base`. */
  const linksOf =
    (prepared: Awaited<ReturnType<typeof preparePortal>>, base: string) => async (run: number, clients: number) =>
      (await downloadLinks(prepared.portal, prepared.members, prepared.editions.at(run) as string, clients)).map(
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
        `${label.padEnd(28)} ${median(run, 'mbPerSecond').toFixed(0).padStart(7)} ${median(run, 'cpuPerGb').toFixed(2).padStart(9)} ${`${median(run, 'ttfbP50').toFixed(1)} ms`.padStart(10)} ${`${median(run, 'ttfbP99').toFixed(1)} ms`.padStart(10)} ${`${median(run, 'peakMb').toFixed(0)} MB`.padStart(9)}`,
      );
    }
    const [portal, plain, direct, accelerated] = servers.map(({ label }) => figures(label));
    const ratio = (a: Run[], b: Run[], figure: keyof Run) => (median(a, figure) / median(b, figure)).toFixed(2);
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
