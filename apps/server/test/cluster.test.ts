import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from './app.ts';
import { newBucket, startBucketServer } from './bucket.ts';
import { createScratchDatabase } from './database.ts';
import { makePdf } from './files.ts';
import { REDIS_TEST_URL, withRedis } from './redis.ts';
import { roundRobinProxy } from './round-robin-proxy.ts';
import { freePort, killNow, startServer } from './server-process.ts';

/**
 * Several instances as a large network runs them: two portal processes on one PostgreSQL, one bucket and
 * one Redis, behind a load balancer that sends each request to the next instance in turn.
 */
describe.runIf(process.env.DATABASE_URL && withRedis)(
  'two instances behind a round-robin proxy',
  { timeout: 120_000 },
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let bucketServer: Awaited<ReturnType<typeof startBucketServer>>;
    let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
    let instances: ChildProcess[] = [];
    let ports: number[] = [];
    const folders: string[] = [];
    let admin: { authorization: string };
    /** Client addresses and an e-mail no earlier run used: Redis keeps their counts for a minute. */
    const run = randomBytes(2).join('.');
    const address = (host: number) => `10.${run}.${host}`;
    const nobody = `nobody-${run}@example.org`;

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.DATABASE_URL as string);
      bucketServer = await startBucketServer();
      const bucket = await newBucket(bucketServer.endpoint);
      ports = [await freePort(), await freePort()];
      const environment = async (port: number) => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-instance-'));
        folders.push(dataDir);
        return {
          PATH: process.env.PATH,
          DATABASE_URL: scratch.url,
          ...bucket,
          REDIS_URL: REDIS_TEST_URL,
          TRUST_PROXY: 'true',
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: TEST_ADMIN.email,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          AUTH_RATE_LIMIT: '5',
        };
      };
      const environments = await Promise.all(ports.map(environment));
      // At the same moment, on an empty database: migrations and the first seed must not race.
      instances = await Promise.all(environments.map((each) => startServer(each)));
      proxy = await roundRobinProxy(ports);
      admin = { authorization: `Bearer ${(await signIn(TEST_ADMIN.email, TEST_ADMIN.password)).token}` };
    });
    afterAll(async () => {
      await proxy?.close();
      await Promise.all(instances.map(killNow));
      await bucketServer?.close();
      await scratch?.drop();
      await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    });

    const call = (url: string, init: RequestInit = {}) => fetch(`${proxy.url}${url}`, init);
    const upstream = (response: Response) => response.headers.get('x-upstream');
    async function signIn(email: string, password: string, from = address(1)) {
      const response = await call('/api/accounts/authenticate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email, password }),
      });
      return { response, token: response.ok ? ((await response.clone().json()) as { jwtToken: string }).jwtToken : '' };
    }

    /** Uploads the Teevo English edition of a month of 2025, through whichever instance the proxy picks. */
    async function uploadMonth(month: string, pdf: Buffer) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ book: 'Teevo', language: 'English', year: '2025', month })) {
        form.append(name, value);
      }
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'edition.pdf');
      const uploaded = await call('/api/files/uploadfile', { method: 'POST', headers: admin, body: form });
      expect(uploaded.status).toBe(201);
      return { uploaded, id: ((await uploaded.clone().json()) as { id: string }).id };
    }

    it('started together on an empty database, they made one schema and one Super Admin', async () => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const journal = JSON.parse(
          await readFile(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(migrations.rows[0].n).toBe(journal.entries.length);
        const superAdmins = await client.query(`select count(*)::int as n from accounts where role = 'Super Admin'`);
        expect(superAdmins.rows[0].n).toBe(1);
        const books = await client.query('select count(*)::int as n from books');
        expect(books.rows[0].n).toBe(2);
      } finally {
        await client.end();
      }
    });

    it('a session begun through one instance is refreshed through the other', async () => {
      const { response } = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, address(2));
      expect(response.status).toBe(200);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const refreshed = await call('/api/accounts/refresh-token', { method: 'POST', headers: { cookie } });
      expect(refreshed.status).toBe(200);
      expect(upstream(refreshed)).not.toBe(upstream(response));
      const me = await call('/api/books', {
        headers: { authorization: `Bearer ${((await refreshed.json()) as { jwtToken: string }).jwtToken}` },
      });
      expect(me.status).toBe(200);
    });

    it('an edition uploaded through one instance downloads through the other, ranges too', async () => {
      await call('/api/languages', {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'English' }),
      });
      const pdf = makePdf('Teevo March', 2_000_000);
      const { uploaded, id } = await uploadMonth('3', pdf);
      const part = await call(`/api/files/download/${id}`, { headers: { ...admin, range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(upstream(part)).not.toBe(upstream(uploaded));
      expect(Buffer.from(await part.arrayBuffer())).toEqual(pdf.subarray(1000, 2000));
      const whole = await call(`/api/files/download/${id}`, { headers: admin });
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(pdf);
    });

    it('a rename through one instance is seen through the other at once', async () => {
      const created = await call('/api/languages', {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ewe' }),
      });
      const { id } = (await created.json()) as { id: string };
      // Both instances have the list in memory now.
      const names = async () => {
        const response = await call('/api/languages');
        return {
          upstream: upstream(response),
          names: ((await response.json()) as { name: string }[]).map((l) => l.name),
        };
      };
      for (const _ of [1, 2]) expect((await names()).names).toContain('Ewe');
      const renamed = await call(`/api/languages/${id}`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Eʋegbe' }),
      });
      expect(renamed.status).toBe(200);
      const next = await names();
      expect(next.upstream).not.toBe(upstream(renamed));
      expect(next.names).toContain('Eʋegbe');
      expect(next.names).not.toContain('Ewe');
    });

    it('the sign-in limit of a client address counts its attempts at both instances', async () => {
      const answers: (string | null)[] = [];
      for (const _ of [1, 2, 3, 4, 5]) {
        const { response } = await signIn(nobody, 'Wrong-password-1', address(3));
        expect(response.status).toBe(401);
        answers.push(upstream(response));
      }
      expect(new Set(answers).size).toBe(2);
      const { response } = await signIn(nobody, 'Wrong-password-1', address(3));
      expect(response.status).toBe(429);
    });

    it('a replaced edition and a deleted account are seen by both instances at once, though both keep them', async () => {
      const json = { ...admin, 'content-type': 'application/json' };
      const email = `member-${run}@example.org`;
      const password = 'Member-password-1';
      const created = await call('/api/accounts', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ firstName: 'Ama', lastName: 'Mensah', email, password, confirmPassword: password }),
      });
      expect(created.status).toBe(201);
      const member = { authorization: `Bearer ${(await signIn(email, password, address(4))).token}` };
      const { id } = await uploadMonth('5', makePdf('Teevo May'));
      const link = async () => {
        const response = await call(`/api/files/download-link/${id}`, { headers: member });
        return ((await response.json()) as { url: string }).url;
      };
      /** Through each instance in turn, so both have the edition and the account in memory. */
      const throughBoth = async (url: string) => {
        const answers = [await call(url), await call(url)];
        expect(new Set(answers.map(upstream)).size).toBe(2);
        return answers;
      };
      for (const answer of await throughBoth(await link())) expect(answer.status).toBe(200);
      const replacement = makePdf('Teevo May, corrected');
      await uploadMonth('5', replacement);
      for (const answer of await throughBoth(await link())) {
        expect(Buffer.from(await answer.arrayBuffer())).toEqual(replacement);
      }
      const made = await link();
      const { id: memberId } = (await created.json()) as { id: string };
      expect((await call(`/api/accounts/${memberId}`, { method: 'DELETE', headers: admin })).status).toBe(200);
      for (const answer of await throughBoth(made)) expect(answer.status).toBe(401);
    });

    it('an instance told to stop finishes the 30 MB download it is sending, while the other goes on', async () => {
      const pdf = makePdf('Teevo April', 30 * 1_048_576 - 2_000);
      const { id } = await uploadMonth('4', pdf);
      const [first, second] = instances as [ChildProcess, ChildProcess];
      const download = await fetch(`http://127.0.0.1:${ports[0]}/api/files/download/${id}`, { headers: admin });
      const reader = (download.body as ReadableStream<Uint8Array>).getReader();
      const parts: Uint8Array[] = [(await reader.read()).value as Uint8Array];
      const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
      first.kill('SIGTERM');
      // Reading slowly: most of the file is still to be sent when the signal arrives.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(part.value);
      expect(Buffer.concat(parts).equals(pdf)).toBe(true);
      expect(await exited).toBe(0);
      const other = await fetch(`http://127.0.0.1:${ports[1]}/api/files/download/${id}`, {
        headers: { ...admin, range: 'bytes=0-99' },
      });
      expect(other.status).toBe(206);
      expect(second.exitCode).toBeNull();
    });
  },
);
