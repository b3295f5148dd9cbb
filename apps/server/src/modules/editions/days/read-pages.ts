import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { readAll } from '../../../plugins/storage/read-all.ts';
import type { Storage } from '../../../plugins/storage/types.ts';

/** Reads a stored file whole; undefined when the store does not have it. */
async function readStored(storage: Storage, key: string): Promise<Uint8Array | undefined> {
  const size = await storage.size(key);
  const reader = size === undefined ? undefined : await storage.open(key, 0);
  if (size === undefined || !reader) return undefined;
  try {
    // Bytes of their own (never a slice of Node's shared pool): they are handed over to the reading thread.
    const bytes = new Uint8Array(size);
    let at = 0;
    for await (const chunk of readAll(reader, size)) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes.subarray(0, at);
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
