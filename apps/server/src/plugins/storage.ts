import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, read } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { probeWrite } from './probe-write.ts';

export interface StagedFile {
  /** Size in bytes, SHA-256 and first bytes of what was received. */
  size: number;
  sha256: string;
  head: Buffer;
  /** Moves the staged file to its permanent key. */
  commit(): Promise<string>;
  discard(): Promise<void>;
}

export interface StoredFile {
  key: string;
  size: number;
  modified: Date;
}

/**
 * One stored file, open: `read` fills `into` with the bytes from `position` on and calls back with how
 * many it read (fewer at the end of the file). A callback, and the caller's buffers reused from read to
 * read, so that sending a file costs as little per chunk as it can (decision 015).
 */
export interface StoredFileReader {
  read(into: Buffer, position: number, done: (error: Error | null, bytesRead: number) => void): void;
  close(): Promise<void>;
}

export interface Removed {
  files: number;
  bytes: number;
}

/** Whether the store takes files now: a disk `full` or `unwritable`, a bucket `unreachable`. */
export type StorageState = 'writable' | 'full' | 'unwritable' | 'unreachable';

export interface Storage {
  /** Streams an upload to a temporary file; nothing is visible under a key until commit(). */
  stage(source: Readable): Promise<StagedFile>;
  /**
   * Opens a stored file for reading at any position; undefined when it is not there. `start` is where
   * the first read will be: a bucket starts sending from there.
   */
  open(key: string, start?: number): Promise<StoredFileReader | undefined>;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** Every file stored under a key. */
  list(): Promise<StoredFile[]>;
  /** Removes the staged files last written before `before`: uploads that a crash interrupted. */
  clearStaged(before: Date): Promise<Removed>;
  check(): Promise<StorageState>;
  /**
   * A link to the file that works without the portal for about a minute, answered with these
   * Content-Disposition and Content-Type (a bucket); absent where files only go through the portal (a disk).
   */
  presign?(key: string, answer: { disposition: string; type: string }): Promise<string>;
  /** The origin of those links, which the reader's page fetches from when it follows a redirect (decision 033). */
  linkOrigin?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const HEAD_BYTES = 8;
/** A stored file's key: a generated name. */
export const KEY = /^[\w-]+\.pdf$/;
export const newKey = () => `${randomUUID()}.pdf`;

/** A pass-through that measures what crosses it: size, SHA-256 and first bytes, as a staged file tells them. */
export function measuring() {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head }) };
}

const statOrNothing = (file: string) => stat(file).catch(() => undefined);

/** Makes a rename into the folder durable, so that a record committed after it never outlives its file in a power cut. */
async function syncFolder(folder: string) {
  // Windows can't open a folder; NTFS journals renames itself.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The file store: a folder under DATA_DIR; keys are generated names, never a client's path. */
export function createFolderStorage(root: string): Storage {
  const incoming = path.join(root, '.incoming');
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    async stage(source) {
      await mkdir(incoming, { recursive: true });
      const temporary = path.join(incoming, randomUUID());
      const measure = measuring();
      try {
        await pipeline(source, measure.stream, createWriteStream(temporary, { flags: 'wx', flush: true }));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return {
        ...measure.result(),
        async commit() {
          const key = newKey();
          await rename(temporary, pathOf(key));
          await syncFolder(root);
          return key;
        },
        discard: () => rm(temporary, { force: true }),
      };
    },
    async open(key) {
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      return (
        handle && {
          read: (into, position, done) => read(handle.fd, into, 0, into.length, position, done),
          close: () => handle.close(),
        }
      );
    },
    size: (key) =>
      stat(pathOf(key)).then(
        (info) => info.size,
        () => undefined,
      ),
    remove: (key) => rm(pathOf(key), { force: true }),
    async list() {
      const keys = (await readdir(root, { withFileTypes: true }))
        .filter((entry) => entry.isFile() && KEY.test(entry.name))
        .map((entry) => entry.name);
      const infos = await Promise.all(keys.map((key) => statOrNothing(pathOf(key))));
      return keys.flatMap((key, index) => {
        const info = infos[index];
        return info ? [{ key, size: info.size, modified: info.mtime }] : [];
      });
    },
    check: () => probeWrite(root),
    async clearStaged(before) {
      const removed = { files: 0, bytes: 0 };
      for (const name of await readdir(incoming).catch(() => [])) {
        const info = await statOrNothing(path.join(incoming, name));
        if (!info || info.mtime >= before) continue;
        await rm(path.join(incoming, name), { recursive: true, force: true });
        removed.files += 1;
        removed.bytes += info.size;
      }
      return removed;
    },
  };
}

/** The store the configuration names: DATA_DIR/files, or a bucket (its SDK loaded only then). */
export async function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  if (config.storage.kind === 's3') {
    const { createBucketStorage } = await import('./bucket-storage.ts');
    return await createBucketStorage(config.storage);
  }
  const root = path.join(config.dataDir, 'files');
  await mkdir(root, { recursive: true });
  return createFolderStorage(root);
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.decorate('storage', await openStorage(config));
  },
  { name: 'storage' },
);
