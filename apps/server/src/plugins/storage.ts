import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export interface StagedFile {
  /** Size in bytes, SHA-256 and first bytes of what was received. */
  size: number;
  sha256: string;
  head: Buffer;
  /** Moves the staged file to its permanent key. */
  commit(): Promise<string>;
  discard(): Promise<void>;
}

export interface Storage {
  /** Streams an upload to a temporary file; nothing is visible under a key until commit(). */
  stage(source: Readable): Promise<StagedFile>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const HEAD_BYTES = 8;

/** The file store: a folder under DATA_DIR; keys are generated names, never a client's path. */
export function createFolderStorage(root: string): Storage {
  const incoming = path.join(root, '.incoming');
  const pathOf = (key: string) => {
    if (!/^[\w-]+\.pdf$/.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    async stage(source) {
      await mkdir(incoming, { recursive: true });
      const temporary = path.join(incoming, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          hash.update(chunk);
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, createWriteStream(temporary, { flags: 'wx' }));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return {
        size,
        sha256: hash.digest('hex'),
        head,
        async commit() {
          const key = `${randomUUID()}.pdf`;
          await rename(temporary, pathOf(key));
          return key;
        },
        discard: () => rm(temporary, { force: true }),
      };
    },
    read: (key, range) => createReadStream(pathOf(key), range),
    size: (key) =>
      stat(pathOf(key)).then(
        (info) => info.size,
        () => undefined,
      ),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const root = path.join(config.dataDir, 'files');
    await mkdir(root, { recursive: true });
    // Leftovers of uploads interrupted by a crash.
    await rm(path.join(root, '.incoming'), { recursive: true, force: true });
    app.decorate('storage', createFolderStorage(root));
  },
  { name: 'storage' },
);
