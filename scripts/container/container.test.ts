// `npm run test:container`: builds the shipped Containerfile and runs the image as a self-hoster would, with podman
// (Docker reads the same file). The official base image can't be pulled on the machines this runs on, so the
// build's BASE is a stand-in made here (stand-in-base.sh). Decision 049.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { makePdf } from '../../apps/server/test/files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BASE = 'localhost/portal-test-base:node24';
const IMAGE = 'localhost/teen-devotional-portal:test';
/**
 * What the image adds to its base, in MB: the server's bundles, the web app and the packages the bundles leave
 * out; 104 MB when decision 060 set it.
 */
const OWN_LAYERS_BUDGET_MB = 115;
const ADMIN = { email: 'container-admin@example.org', password: 'Container-admin-1' };
const run = promisify(execFile);

let folder: string;
let conf: string;
/** The containers and the volumes the test made, removed after it. */
const names: string[] = [];
const volumes: string[] = [];
const podman = async (...args: string[]) => {
  const { stdout } = await run('podman', args, {
    env: { ...process.env, CONTAINERS_CONF: conf },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
};
/** What `podman run` of a container that stops by itself printed, and how it ended. */
const runToEnd = (...args: string[]) =>
  run('podman', ['run', '--rm', ...args], { env: { ...process.env, CONTAINERS_CONF: conf } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the image in the background on the host's network; the container's name and the portal's address. */
async function start(volume: string, settings: Record<string, string> = {}) {
  const name = `portal-test-${process.pid}-${names.length}`;
  names.push(name);
  const port = await freePort();
  const environment = { PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...settings };
  const started = Date.now();
  await podman(
    'run',
    '--detach',
    '--name',
    name,
    '--network=host',
    '--volume',
    `${volume}:/data`,
    ...Object.entries(environment).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    IMAGE,
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ready = await fetch(`${url}/api/ready`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (ready === 200) break;
    const state = await podman('inspect', '--format', '{{.State.Status}}', name);
    if (state !== 'running') assert.fail(`the container stopped before it was ready:\n${await podman('logs', name)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(
    `# ${name} ready in ${Date.now() - started} ms (${settings.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`,
  );
  return { name, url };
}

async function signIn(url: string) {
  const answer = await fetch(`${url}/api/accounts/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(answer.status, 200, await answer.clone().text());
  return { authorization: `Bearer ${((await answer.json()) as { jwtToken: string }).jwtToken}` };
}

/** Uploads the PDF as the English Teevo of that month (adding English first): the new edition's id. */
async function upload(url: string, month: number, pdf: Buffer) {
  const headers = await signIn(url);
  const language = await fetch(`${url}/api/languages/create`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'English' }),
  });
  assert.ok([201, 409].includes(language.status), await language.text());
  const form = new FormData();
  for (const [key, value] of Object.entries({
    book: 'Teevo',
    language: 'English',
    year: '2026',
    month: String(month),
  })) {
    form.append(key, value);
  }
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `Teevo_English_2026_0${month}.pdf`);
  const answer = await fetch(`${url}/api/files/uploadfile`, { method: 'POST', headers, body: form });
  assert.equal(answer.status, 201, await answer.clone().text());
  return ((await answer.json()) as { _id: string })._id;
}

async function download(url: string, id: string) {
  const answer = await fetch(`${url}/api/files/${id}/download`, { headers: await signIn(url) });
  assert.equal(answer.status, 200);
  return Buffer.from(await answer.arrayBuffer());
}

async function newVolume() {
  const name = `portal-test-${process.pid}-data-${volumes.length}`;
  volumes.push(name);
  await podman('volume', 'create', name);
  return name;
}

before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-container-'));
  conf = path.join(folder, 'containers.conf');
  // What works as root on these machines: runc (crun fails on their cgroups) and no default ulimits.
  await writeFile(conf, '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n');
  await run(path.join(import.meta.dirname, 'stand-in-base.sh'), [BASE], {
    env: { ...process.env, CONTAINERS_CONF: conf },
  });
  const built = Date.now();
  await podman(
    'build',
    '--format',
    'docker',
    '--network=host',
    '--build-arg',
    `BASE=${BASE}`,
    '--tag',
    IMAGE,
    '--file',
    path.join(root, 'Containerfile'),
    root,
  );
  console.log(`# image built in ${Math.round((Date.now() - built) / 1000)} s`);
});

after(async () => {
  for (const name of names) await podman('rm', '--force', '--time', '0', name).catch(() => {});
  for (const name of volumes) await podman('volume', 'rm', '--force', name).catch(() => {});
  await rm(folder, { recursive: true, force: true });
});

test('the image runs as a user, not root, and what it adds to its base stays in budget', async () => {
  const megabytes = async (image: string) =>
    Number(await podman('image', 'inspect', '--format', '{{.Size}}', image)) / 1e6;
  const [whole, base] = await Promise.all([megabytes(IMAGE), megabytes(BASE)]);
  console.log(
    `# image ${whole.toFixed(0)} MB: base ${base.toFixed(0)} MB, the portal's layers ${(whole - base).toFixed(0)} MB`,
  );
  assert.ok(whole - base <= OWN_LAYERS_BUDGET_MB, `the portal's layers: ${(whole - base).toFixed(0)} MB`);
  assert.equal(await podman('image', 'inspect', '--format', '{{.Config.User}}', IMAGE), '1000:1000');
  assert.equal((await runToEnd(IMAGE, 'id', '-u')).stdout.trim(), '1000');
  assert.match(await podman('image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGE), /api\/ready/);
});

test('on the embedded database: an edition uploaded is downloaded byte for byte, a stop lets a download finish, a new container finds the data, and a second one on the same volume is refused', async () => {
  const volume = await newVolume();
  const first = await start(volume);
  // Large enough that the download is still going when the stop signal comes.
  const pdf = makePdf('A long edition', 24 * 1024 * 1024);
  const id = await upload(first.url, 1, pdf);
  assert.ok((await download(first.url, id)).equals(pdf));
  // Its pages are read after the upload, in a thread of the bundled server's own: an edition without dates has none.
  for (;;) {
    const days = await fetch(`${first.url}/api/editions/${id}/days`, { headers: await signIn(first.url) });
    assert.equal(days.status, 200);
    const { source } = (await days.json()) as { source: string };
    if (source !== 'pending') {
      assert.equal(source, 'none');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // A second container on the same volume: refused with one line saying why.
  const second = await runToEnd('--network=host', '--volume', `${volume}:/data`, '--env', 'PORT=1', IMAGE);
  assert.notEqual(second.code, 0);
  assert.match(second.stderr + second.stdout, /The data folder \/data is in use by/);

  // A download read slowly; the stop signal comes in the middle of it.
  const headers = await signIn(first.url);
  const received = new Promise<Buffer>((resolve, reject) => {
    httpRequest(`${first.url}/api/files/${id}/download`, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        answer.pause();
        setTimeout(() => answer.resume(), 2);
      });
      answer.on('end', () => resolve(Buffer.concat(chunks)));
      answer.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const stopped = podman('stop', '--time', '70', first.name);
  assert.ok((await received).equals(pdf), 'the download in progress finished whole');
  await stopped;
  assert.equal(await podman('inspect', '--format', '{{.State.ExitCode}}', first.name), '0');

  const again = await start(volume);
  assert.ok((await download(again.url, id)).equals(pdf));
});

test('on PostgreSQL: ready, and an edition uploaded is downloaded byte for byte', async () => {
  const database = `portal_container_${process.pid}`;
  const psql = (sql: string) => run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'test', '-q', '-c', sql]);
  await psql(`CREATE DATABASE ${database}`);
  try {
    const portal = await start(await newVolume(), { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` });
    const pdf = makePdf('An edition on PostgreSQL');
    assert.ok((await download(portal.url, await upload(portal.url, 2, pdf))).equals(pdf));
    await podman('stop', '--time', '70', portal.name);
  } finally {
    await psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
});
