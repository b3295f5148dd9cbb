import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
import { makePdf, uploadEdition } from '../../../test/files.ts';
import { books, files, languages } from '../../db/schema.ts';
import { GRACE_MS, lockStoreForWriting, sweepFileStore } from './sweep.ts';

const HOUR = 3_600_000;

/** Writes a PDF at `file` last written `age` milliseconds ago; returns its size. */
async function plant(file: string, age: number) {
  const data = makePdf(path.basename(file));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  const then = new Date(Date.now() - age);
  await utimes(file, then, then);
  return data.length;
}

describe('sweepFileStore', () => {
  let app: TestApp;
  let store: string;
  const stored = async () => (await readdir(store)).filter((name) => name !== '.incoming').sort();
  const staged = () => readdir(path.join(store, '.incoming')).catch(() => []);

  beforeAll(async () => {
    app = await buildTestApp();
    store = path.join(app.config.dataDir, 'files');
    await app.db.insert(languages).values({ name: 'English' });
  });
  afterAll(() => app.close());

  it('removes files no record names and, in a shared store, only staged uploads untouched for an hour', async () => {
    const { headers } = await loginAs(app, 'Admin');
    expect((await uploadEdition(app, headers)).statusCode).toBe(201);
    const recorded = (await app.db.select({ key: files.storageKey }).from(files)).map((row) => row.key);
    const oldOrphan = await plant(path.join(store, `${randomUUID()}.pdf`), 2 * HOUR);
    // No writer holds the store: a file stored a moment ago without its record is an orphan already.
    const newOrphan = await plant(path.join(store, `${randomUUID()}.pdf`), 0);
    const abandoned = await plant(path.join(store, '.incoming', 'abandoned'), GRACE_MS + 60_000);
    const receiving = await plant(path.join(store, '.incoming', 'receiving'), GRACE_MS - 60_000);

    expect(await sweepFileStore(app.db, app.storage, { alone: false })).toEqual({
      outcome: 'swept',
      files: 3,
      bytes: oldOrphan + newOrphan + abandoned,
    });
    expect(await stored()).toEqual(recorded);
    expect(await staged()).toEqual(['receiving']);

    // Alone with its store (the embedded database), a start takes every staged upload for a leftover.
    expect(await sweepFileStore(app.db, app.storage, { alone: true })).toEqual({
      outcome: 'swept',
      files: 1,
      bytes: receiving,
    });
    expect(await staged()).toEqual([]);
    expect(await sweepFileStore(app.db, app.storage, { alone: true })).toEqual({
      outcome: 'swept',
      files: 0,
      bytes: 0,
    });
    expect(await stored()).toEqual(recorded);
  });

  it('leaves a file alone while the transaction that records it is open', async () => {
    const [book] = await app.db.select({ id: books.id }).from(books).where(eq(books.name, 'Take5'));
    const [language] = await app.db.select({ id: languages.id }).from(languages);
    const upload = await app.storage.stage(Readable.from([makePdf('Take5 June')]));
    let commitRecord = () => {};
    const recordAllowed = new Promise<void>((resolve) => {
      commitRecord = resolve;
    });
    let fileStored = () => {};
    const storedBeforeRecord = new Promise<void>((resolve) => {
      fileStored = resolve;
    });
    let key = '';
    const writing = app.db.transaction(async (tx) => {
      await lockStoreForWriting(tx);
      key = await upload.commit();
      fileStored();
      await recordAllowed;
      await tx.insert(files).values({
        bookId: book?.id as string,
        languageId: language?.id as string,
        year: 2025,
        month: 6,
        fileSize: upload.size,
        storageKey: key,
        originalName: 'Take5 June.pdf',
      });
    });
    await storedBeforeRecord;
    if (app.database.kind === 'postgres') {
      // Another connection: the sweep finds the store taken and leaves it for the next start.
      expect(await sweepFileStore(app.db, app.storage, { alone: false })).toEqual({ outcome: 'busy' });
      commitRecord();
    } else {
      // The embedded database's one connection: the sweep waits for the writer's transaction to end.
      const sweeping = sweepFileStore(app.db, app.storage, { alone: true });
      commitRecord();
      expect(await sweeping).toEqual({ outcome: 'swept', files: 0, bytes: 0 });
    }
    await writing;
    expect(await stored()).toContain(key);
  });
});

describe('a store none of whose files the database records', () => {
  it('is left alone when some of its files are over an hour old: it goes with another database', async () => {
    const app = await buildTestApp();
    try {
      const store = path.join(app.config.dataDir, 'files');
      await plant(path.join(store, `${randomUUID()}.pdf`), 0);
      await plant(path.join(store, `${randomUUID()}.pdf`), 2 * HOUR);
      expect(await sweepFileStore(app.db, app.storage, { alone: true })).toEqual({ outcome: 'unrecognised', files: 2 });
      expect(await readdir(store)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

describe('the start of the portal', () => {
  it('sweeps the store and logs what it removed, and logs nothing when nothing was left', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-'));
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const start = async () => (await buildTestApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { logStream })).close();
    try {
      const store = path.join(dataDir, 'files');
      const bytes =
        (await plant(path.join(store, `${randomUUID()}.pdf`), 0)) +
        (await plant(path.join(store, `${randomUUID()}.pdf`), 60_000)) +
        (await plant(path.join(store, '.incoming', 'abandoned'), 2 * HOUR));
      await start();
      expect(await readdir(store)).toEqual(['.incoming']);
      expect(await readdir(path.join(store, '.incoming'))).toEqual([]);
      const sweeps = () => lines.map((line) => JSON.parse(line)).filter((entry) => 'bytes' in entry);
      expect(sweeps()).toEqual([
        expect.objectContaining({ level: 30, files: 3, bytes, msg: expect.stringMatching(/^removed 3 files/) }),
      ]);
      await start();
      expect(sweeps()).toHaveLength(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
