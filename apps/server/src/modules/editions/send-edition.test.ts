import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
import { storageUnderTest } from '../../../test/bucket.ts';
import { createScratchDatabase } from '../../../test/database.ts';
import { downloadsAfter } from '../../../test/downloads.ts';
import { edition, makePdf, uploadEdition } from '../../../test/files.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { downloadProgress, downloads, languages } from '../../db/schema.ts';
import { readDays } from './days/service.ts';
import { PROBE_BYTES } from './record.ts';

/** A port of its own: the answer is read over a real connection, where a body cut short shows. */
const PORT = 4650;

let app: TestApp;
let address: string;
let fileId: string;
let pdf: Buffer;
const logged: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await buildTestApp({ LOG_LEVEL: 'error' }, { logStream });
  await app.db.insert(languages).values({ name: 'English' });
  const admin = await loginAs(app, 'Admin');
  pdf = makePdf('Teevo June', 20_000_000);
  address = await app.listen({ host: '127.0.0.1', port: PORT });
  fileId = (await uploadEdition(app, admin.headers, { ...edition, month: '6' }, { name: 'j.pdf', data: pdf })).json()
    .id;
  // The upload has the edition's pages read in the background (decision 050), which opens its file too: done before
  // the tests count the files a download opens.
  await vi.waitFor(async () => expect((await readDays(app.db, { id: fileId })).source).not.toBe('pending'), {
    timeout: 60_000,
    interval: 200,
  });
}, 90_000);
afterAll(() => app.close());

type SignedIn = Awaited<ReturnType<typeof loginAs>>;

const counted = async () =>
  (await app.db.select({ id: downloads.id }).from(downloads).where(eq(downloads.fileId, fileId))).length;

const ask = (who: SignedIn, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/files/${fileId}/download`, headers: { ...who.headers, ...headers } });

/** A GET over a real connection, as a browser makes it: the bytes that arrived, and whether the answer ended whole. */
function fetchOverTcp(url: string, headers: Record<string, string>) {
  return new Promise<{ received: number; whole: boolean }>((resolve) => {
    let received = 0;
    get(`${address}${url}`, { headers }, (response) => {
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      response.on('end', () => resolve({ received, whole: true }));
      response.on('error', () => resolve({ received, whole: false }));
    }).on('error', () => resolve({ received, whole: false }));
  });
}

/** Opens a download over a real connection and hangs up once its first bytes arrive. */
function leaveEarly(url: string, headers: Record<string, string>) {
  return new Promise<void>((resolve) => {
    const request = get(`${address}${url}`, { headers }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', () => undefined);
  });
}

describe('GET /api/files/{id}/download', () => {
  it('closes the file and logs no error when the client hangs up halfway', async () => {
    const open = app.storage.open;
    const files = { opened: 0, closed: 0 };
    app.storage.open = async (key) => {
      const reader = await open(key);
      files.opened += 1;
      return (
        reader && {
          read: reader.read,
          close: () => {
            files.closed += 1;
            return reader.close();
          },
        }
      );
    };
    try {
      const reader = await loginAs(app, 'User');
      const before = logged.length;
      await leaveEarly(`/api/files/${fileId}/download`, reader.headers);
      await vi.waitFor(() => expect(files).toEqual({ opened: 1, closed: 1 }), { timeout: 20_000 });
      expect(logged.slice(before)).toEqual([]);
    } finally {
      app.storage.open = open;
    }
  });

  it('counts downloads arriving together once per account, however many each sends', async () => {
    const readers = await Promise.all(Array.from({ length: 12 }, () => loginAs(app, 'User')));
    const before = await counted();
    const answers = await Promise.all(
      readers.flatMap((reader) =>
        ['bytes=0-99999', 'bytes=0-65535', 'bytes=0-0'].map((range) =>
          app.inject({
            method: 'GET',
            url: `/api/files/${fileId}/download`,
            headers: { ...reader.headers, range },
          }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.statusCode < 300)).toBe(true);
    expect(await counted()).toBe(before + readers.length);
  });

  it('counts an account’s ranges as one download once they add up to PROBE_BYTES, whatever their order', async () => {
    const split = await loginAs(app, 'User');
    const backwards = await loginAs(app, 'User');
    const reader = await loginAs(app, 'User');
    const before = await counted();
    const ranged = (who: SignedIn, range: string) => ask(who, { range });
    // Issue 28: the first range one byte short of PROBE_BYTES, the rest of the file after it.
    expect((await ranged(split, `bytes=0-${PROBE_BYTES - 2}`)).statusCode).toBe(206);
    expect(await downloadsAfter(app, split.account.id, fileId, PROBE_BYTES - 1)).toBe(before);
    expect((await ranged(split, `bytes=${PROBE_BYTES - 1}-`)).statusCode).toBe(206);
    expect(await downloadsAfter(app, split.account.id, fileId, pdf.length)).toBe(before + 1);
    // Two parts, each short of PROBE_BYTES, the later one first.
    await ranged(backwards, 'bytes=40000-79999');
    await ranged(backwards, 'bytes=0-39999');
    expect(await downloadsAfter(app, backwards.account.id, fileId, 80_000)).toBe(before + 2);
    // The reader: its first range from byte 0 counts at once, its pages after it add nothing.
    await ranged(reader, 'bytes=0-131071');
    expect(await counted()).toBe(before + 3);
    for (const range of ['bytes=-131072', 'bytes=131072-262143', 'bytes=5000000-5131071', 'bytes=0-131071']) {
      await ranged(reader, range);
    }
    expect(await downloadsAfter(app, reader.account.id, fileId, 5 * 131_072)).toBe(before + 3);
  });

  it('starts an account’s total afresh after ten minutes without its bytes', async () => {
    const reader = await loginAs(app, 'User');
    const before = await counted();
    await ask(reader, { range: 'bytes=0-131071' });
    expect(await counted()).toBe(before + 1);
    const tenMinutesAgo = sql`now() - interval '10 minutes 1 second'`;
    await app.db
      .update(downloadProgress)
      .set({ lastAt: tenMinutesAgo })
      .where(eq(downloadProgress.accountId, reader.account.id));
    await app.db
      .update(downloads)
      .set({ downloadedAt: tenMinutesAgo })
      .where(eq(downloads.accountId, reader.account.id));
    await ask(reader, { range: 'bytes=200000-229999' });
    expect(await downloadsAfter(app, reader.account.id, fileId, 30_000)).toBe(before + 1);
    await ask(reader, { range: 'bytes=300000-339999' });
    expect(await downloadsAfter(app, reader.account.id, fileId, 70_000)).toBe(before + 2);
  });

  it('sends a range that is no download on its own without waiting for its record: whole, even when that fails', async () => {
    await app.db.execute(sql`alter table download_progress add constraint refuse_all check (false) not valid`);
    try {
      const reader = await loginAs(app, 'User');
      const before = logged.length;
      const part = await fetchOverTcp(`/api/files/${fileId}/download`, {
        ...reader.headers,
        range: 'bytes=1000-50999',
      });
      expect(part).toEqual({ received: 50_000, whole: true });
      await vi.waitFor(() => expect(logged.slice(before).join('')).toContain('a download’s bytes were not counted'));
    } finally {
      await app.db.execute(sql`alter table download_progress drop constraint refuse_all`);
    }
  });

  it('never hands over the whole file uncounted: a download whose record fails stops short of its last byte', async () => {
    await app.db.execute(sql`alter table downloads add constraint refuse_all check (false) not valid`);
    try {
      const reader = await loginAs(app, 'User');
      const { received, whole } = await fetchOverTcp(`/api/files/${fileId}/download`, reader.headers);
      expect(received).toBeGreaterThan(0);
      expect(received).toBeLessThan(pdf.length);
      expect(whole).toBe(false);
      expect(logged.join('')).toContain('a download stopped short');
    } finally {
      await app.db.execute(sql`alter table downloads drop constraint refuse_all`);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('count an account’s ranges as one download, half through each and all at once', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL as string);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'portal-')),
      DATABASE_URL: scratch.url,
      ...(await storageUnderTest()),
    });
    const instances = await Promise.all(
      [1, 2].map(async () => buildApp(config, { database: await openDatabase({ databaseUrl: scratch.url }) })),
    );
    const [one, other] = instances as [TestApp, TestApp];
    try {
      await one.db.insert(languages).values({ name: 'English' });
      const admin = await loginAs(one, 'Admin');
      const data = makePdf('Teevo July', 1_000_000);
      const id = (await uploadEdition(one, admin.headers, { ...edition, month: '7' }, { name: 'j.pdf', data })).json()
        .id as string;
      const members = await Promise.all(Array.from({ length: 8 }, () => loginAs(one, 'User')));
      // The instances' first batches are made to meet: each waits at the running totals until both are there.
      const blocker = new pg.Client({ connectionString: scratch.url });
      await blocker.connect();
      await blocker.query('begin; lock table download_progress in access exclusive mode');
      // Each member's first 160,000 bytes in ranges of 10,000, none a download alone, every other one through the
      // other instance.
      const asked = Promise.all(
        members.flatMap((member) =>
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 ? other : one).inject({
              method: 'GET',
              url: `/api/files/${id}/download`,
              headers: { ...member.headers, range: `bytes=${i * 10_000}-${i * 10_000 + 9_999}` },
            }),
          ),
        ),
      );
      await vi.waitFor(
        async () => {
          // Read through a connection of the portal's: the blocker's transaction would keep its first reading.
          const waiting = (await one.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          expect(waiting.rows[0]?.n).toBeGreaterThanOrEqual(2);
        },
        { timeout: 20_000, interval: 50 },
      );
      await blocker.query('commit');
      await blocker.end();
      const answers = await asked;
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 206));
      for (const member of members) await downloadsAfter(one, member.account.id, id, 160_000);
      const recorded = await one.db
        .select({ accountId: downloads.accountId })
        .from(downloads)
        .where(eq(downloads.fileId, id));
      expect(recorded.map((row) => row.accountId).sort()).toEqual(members.map((member) => member.account.id).sort());
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await scratch.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
