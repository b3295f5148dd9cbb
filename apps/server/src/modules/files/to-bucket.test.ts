import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
import { newBucket, startBucketServer } from '../../../test/bucket.ts';
import { edition, makePdf, uploadEdition } from '../../../test/files.ts';
import { loadConfig } from '../../config.ts';
import { files, languages } from '../../db/schema.ts';
import { openStorage } from '../../plugins/storage/index.ts';
import type { Storage, StoredFileReader } from '../../plugins/storage/types.ts';
import { moveFilesToBucket } from './to-bucket.ts';

let bucketServer: Awaited<ReturnType<typeof startBucketServer>>;
let app: TestApp;
let bucket: Storage;
const pdfs = [makePdf('Teevo March', 2_000_000), makePdf('Teevo April'), makePdf('Teevo May')];

beforeAll(async () => {
  bucketServer = await startBucketServer();
  bucket = await openStorage(
    loadConfig({ ...(await newBucket(bucketServer.endpoint)), DATABASE_URL: 'postgres://unused/' }),
  );
  app = await buildTestApp();
  await app.db.insert(languages).values({ name: 'English' });
  const admin = await loginAs(app, 'Admin');
  for (const [index, data] of pdfs.entries()) {
    await uploadEdition(app, admin.headers, { ...edition, month: String(index + 3) }, { name: 'a.pdf', data });
  }
});
afterAll(async () => {
  await app?.close();
  await bucketServer?.close();
});

const readAll = (reader: StoredFileReader, size: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const into = Buffer.alloc(size);
    const next = (position: number) =>
      position === size
        ? resolve(into)
        : reader.read(into.subarray(position), position, (error, read) =>
            error || read === 0 ? reject(error ?? new Error('short')) : next(position + read),
          );
    next(0);
  });

const recorded = async () => app.db.select().from(files).orderBy(files.month);

describe('moving a disk install’s files into a bucket', () => {
  it('copies every recorded file, checked against its upload, and points the records at the copies', async () => {
    const [april] = (await recorded()).filter((file) => file.month === 4);
    // One file lost from the disk: said, and left to be uploaded again.
    await app.storage.remove(april?.storageKey as string);
    const moved = await moveFilesToBucket(app.db, app.storage, bucket);
    expect(moved).toEqual({
      copied: { files: 2, bytes: (pdfs[0]?.length ?? 0) + (pdfs[2]?.length ?? 0) },
      already: 0,
      missing: ['Teevo-English-2025-04.pdf'],
      damaged: [],
    });
    for (const file of await recorded()) {
      if (file.month === 4) continue;
      const reader = (await bucket.open(file.storageKey)) as StoredFileReader;
      const bytes = await readAll(reader, file.fileSize);
      await reader.close();
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect(bytes).toEqual(pdfs[file.month - 3]);
    }
    expect((await bucket.list()).map((file) => file.key).sort()).toEqual(
      (await recorded())
        .filter((file) => file.month !== 4)
        .map((file) => file.storageKey)
        .sort(),
    );
  });

  it('goes on where a run stopped: what the bucket holds is not copied again', async () => {
    const again = await moveFilesToBucket(app.db, app.storage, bucket);
    expect(again).toMatchObject({ copied: { files: 0, bytes: 0 }, already: 2 });
  });

  it('leaves a file whose bytes are not the uploaded ones on the disk, and its record as it was', async () => {
    const admin = await loginAs(app, 'Admin');
    await uploadEdition(app, admin.headers, { ...edition, month: '9' }, { name: 'a.pdf', data: makePdf('Sept') });
    const [september] = await app.db.select().from(files).where(eq(files.month, 9));
    await app.db
      .update(files)
      .set({ sha256: '0'.repeat(64) })
      .where(eq(files.month, 9));
    const moved = await moveFilesToBucket(app.db, app.storage, bucket);
    expect(moved.damaged).toEqual(['Teevo-English-2025-09.pdf']);
    const [after] = await app.db.select().from(files).where(eq(files.month, 9));
    expect(after?.storageKey).toBe(september?.storageKey);
    expect(await bucket.list()).toHaveLength(2);
  });

  it('the command refuses to run without a bucket configured, in one line', async () => {
    const failure = await promisify(execFile)(
      process.execPath,
      [path.resolve(import.meta.dirname, 'to-bucket-cli.ts')],
      {
        env: { PATH: process.env.PATH },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({
      code: 1,
      stderr:
        'Moving the files failed: set STORAGE=s3 and the bucket’s S3_* settings first: the files are copied into that bucket.\n',
    });
  });
});
