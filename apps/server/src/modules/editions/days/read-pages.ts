import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Storage } from '../../../plugins/storage/types.ts';

/** Reads a stored file whole; undefined when the store does not have it. */
async function readStored(storage: Storage, key: string): Promise<Uint8Array | undefined> {
  const size = await storage.size(key);
  const reader = size === undefined ? undefined : await storage.open(key, 0);
  if (size === undefined || !reader) return undefined;
  try {
    const bytes = Buffer.alloc(size);
    for (let at = 0; at < size; ) {
      const read = await new Promise<number>((resolve, reject) =>
        reader.read(bytes.subarray(at), at, (error, count) => (error ? reject(error) : resolve(count))),
      );
      if (read === 0) break;
      at += read;
    }
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    await reader.close();
  }
}

/** The thread that reads a PDF's pages (its source beside this file; the server's bundle points it back here). */
const WORKER = path.join(import.meta.dirname, 'page-texts-worker.ts');

/**
 * The text of each page of a stored PDF, page 1 first, its lines as pdf.js ends them (decision 050); undefined
 * when the store does not have the file, none when pdf.js can't open it. Read in a thread of its own, which
 * loads pdf.js and ends with the file.
 */
export async function readPages(storage: Storage, key: string): Promise<string[] | undefined> {
  const data = await readStored(storage, key);
  if (!data) return undefined;
  const worker = new Worker(WORKER, { workerData: data, transferList: [data.buffer as ArrayBuffer] });
  try {
    const [pages] = (await once(worker, 'message')) as [string[]];
    return pages;
  } finally {
    await worker.terminate();
  }
}
