import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageUnderTest } from '../../../test/bucket.ts';
import { loadConfig } from '../../config.ts';
import { openStorage } from './index.ts';
import type { Storage, StoredFileReader } from './types.ts';

/** The same tests for each driver: the `disk` project stores in a folder, the `bucket` project in a bucket. */
let storage: Storage;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
  const bucket = await storageUnderTest();
  storage = await openStorage(
    loadConfig({ DATA_DIR: dataDir, ...bucket, ...(bucket.STORAGE ? { DATABASE_URL: 'postgres://unused/' } : {}) }),
  );
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Bytes that differ at every position, so a read from the wrong place shows. */
const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * 7 + 3) % 251));

function readAll(reader: StoredFileReader, from: number, to: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    let position = from;
    const next = () => {
      const into = Buffer.alloc(Math.min(100_000, to - position));
      if (into.length === 0) return resolve(Buffer.concat(parts));
      reader.read(into, position, (error, read) => {
        if (error) return reject(error);
        if (read === 0) return resolve(Buffer.concat(parts));
        parts.push(Buffer.from(into.subarray(0, read)));
        position += read;
        next();
      });
    };
    next();
  });
}

/** A source that sends `bytes` and then fails, as a client's connection dropped in the middle of an upload. */
function cutOff(bytes: Buffer) {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return this.destroy(new Error('the client went away'));
      sent = true;
      this.push(bytes);
    },
  });
}

const nothingStaged = async () => (await storage.clearStaged(new Date(Date.now() + 60_000))).files === 0;

describe('the file store', () => {
  const content = pattern(9_000_000);

  it('stages an upload measured, shows it under a key only once committed, and reads any part of it', async () => {
    const staged = await storage.stage(Readable.from([content.subarray(0, 5), content.subarray(5)]));
    expect(staged.size).toBe(content.length);
    expect(staged.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(staged.head).toEqual(content.subarray(0, 8));
    expect(await storage.list()).toEqual([]);
    const key = await staged.commit();
    expect((await storage.list()).map((file) => [file.key, file.size])).toEqual([[key, content.length]]);
    expect(await storage.size(key)).toBe(content.length);
    expect(await nothingStaged()).toBe(true);

    const whole = await storage.open(key);
    expect(await readAll(whole as StoredFileReader, 0, content.length)).toEqual(content);
    await whole?.close();
    // A range from the middle, then a jump back: each read gets the bytes of its own position.
    const middle = await storage.open(key, 4_000_000);
    const reader = middle as StoredFileReader;
    expect(await readAll(reader, 4_000_000, 4_300_000)).toEqual(content.subarray(4_000_000, 4_300_000));
    expect(await readAll(reader, 10, 20)).toEqual(content.subarray(10, 20));
    expect(await readAll(reader, 8_999_990, 9_000_000)).toEqual(content.subarray(8_999_990));
    await reader.close();

    await storage.remove(key);
    expect(await storage.size(key)).toBeUndefined();
    expect(await storage.open(key)).toBeUndefined();
    expect(await storage.list()).toEqual([]);
  });

  it('leaves nothing of a discarded upload, nor of one whose client went away half-way', async () => {
    const staged = await storage.stage(Readable.from([content.subarray(0, 1000)]));
    await staged.discard();
    await expect(storage.stage(cutOff(content))).rejects.toThrow('the client went away');
    expect(await storage.list()).toEqual([]);
    expect(await nothingStaged()).toBe(true);
  });

  it('clears staged uploads older than asked, and only those', async () => {
    const staged = await storage.stage(Readable.from([content.subarray(0, 1000)]));
    expect(await storage.clearStaged(new Date(Date.now() - 60_000))).toEqual({ files: 0, bytes: 0 });
    await expect(staged.commit()).resolves.toMatch(/\.pdf$/);
    const abandoned = await storage.stage(Readable.from([content.subarray(0, 1000)]));
    expect(abandoned.size).toBe(1000);
    expect(await storage.clearStaged(new Date(Date.now() + 60_000))).toEqual({ files: 1, bytes: 1000 });
  });

  it('says whether it takes files', async () => {
    expect(await storage.check()).toBe('writable');
  });
});
