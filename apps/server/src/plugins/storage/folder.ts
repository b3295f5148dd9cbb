import { randomUUID } from 'node:crypto';
import { createWriteStream, read } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { KEY, newKey } from './keys.ts';
import { measuring } from './measuring.ts';
import { probeWrite } from './probe-write.ts';
import type { Storage } from './types.ts';

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
