import type { FileRecord } from '@portal/contract';
import { GlobalWorkerOptions, getDocument, PDFDataRangeTransport, type PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { api } from '../api-client.ts';
import { isCurrentCopy, type SavedEdition, savedCopyOf } from './saved-editions.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * pdf.js's worker (a 1.2 MB script), started once, when an edition opens and while its first bytes are on their
 * way, rather than after; every document opened (the reader's, the days dialog's thumbnails) shares it. One that failed is started afresh next time.
 */
let worker: PDFWorker | undefined;
const startedWorker = () => {
  worker ??= new PDFWorker();
  return worker;
};
function dropWorker() {
  worker?.destroy();
  worker = undefined;
}

/**
 * Bytes asked for at a time. The first request, from byte 0, is at least the server's PROBE_BYTES (64 KiB),
 * so opening an edition counts as the member's (or admin's) download of it, by the rule every download follows.
 */
const CHUNK_BYTES = 128 * 1024;

/** The bytes `start` up to (not including) `end` of a PDF. */
type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

/** Hands pdf.js the bytes it asks for, read by `read`; a failed read is reported, as pdf.js would only wait. */
class RangeTransport extends PDFDataRangeTransport {
  readonly #read: ReadRange;
  readonly #fail: (error: unknown) => void;

  constructor(length: number, initial: Uint8Array, read: ReadRange, fail: (error: unknown) => void) {
    super(length, initial);
    this.#read = read;
    this.#fail = fail;
  }

  override requestDataRange(begin: number, end: number) {
    this.#read(begin, end).then((chunk) => this.onDataRange(begin, chunk), this.#fail);
  }
}

/** Failures are reported to `fail`; `signal` closes the document and stops its reads when it is left. */
interface Opening {
  fail: (error: unknown) => void;
  signal: AbortSignal;
}

/**
 * A PDF of `length` bytes, only its first bytes at hand: pdf.js asks for the others as the pages it draws
 * need them (range loading), never the whole file unasked (disableAutoFetch).
 */
function openDocument(length: number, initial: Uint8Array, read: ReadRange, { fail, signal }: Opening) {
  const task = getDocument({
    worker: startedWorker(),
    range: new RangeTransport(length, initial, read, fail),
    rangeChunkSize: CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
  });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  return task.promise.catch((error: unknown) => {
    if (!signal.aborted) dropWorker();
    throw error;
  });
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** A PDF kept on this device (saved for offline): its bytes are read from the blob as pdf.js needs them. */
async function openBlob(blob: Blob, opening: Opening): Promise<PDFDocumentProxy> {
  const read: ReadRange = async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer());
  return openDocument(blob.size, await read(0, Math.min(CHUNK_BYTES, blob.size)), read, opening);
}

/**
 * An edition's PDF from the portal, in ranges with the member's session (the download route answers
 * Range). Where the total size can't be read from the first answer (a store that hides Content-Range from
 * scripts), the whole file is fetched instead.
 */
async function openFromServer(id: string, opening: Opening): Promise<PDFDocumentProxy> {
  const { signal } = opening;
  // The edition's PDF, read with the member's session (and counted by the server's rule).
  const file = (range?: { start: number; end: number }) =>
    api.file('/files/:id/download', { params: { id }, range, signal });
  const read: ReadRange = async (start, end) => bytesOf(await file({ start, end: end - 1 }));
  const first = await file({ start: 0, end: CHUNK_BYTES - 1 });
  if (first.status !== 206) return openBlob(await first.blob(), opening);
  const length = Number(/\/(\d+)$/.exec(first.headers.get('Content-Range') ?? '')?.[1]);
  if (!Number.isSafeInteger(length)) return openBlob(await (await file()).blob(), opening);
  return openDocument(length, await bytesOf(first), read, opening);
}

/**
 * An edition to read: the copy saved on this device, if there is one and `current` (the portal's record of the
 * edition, or nothing where it can't be asked) doesn't say the file was replaced since; else the portal's.
 */
export async function openEdition(
  id: string,
  current: () => Promise<FileRecord | undefined>,
  opening: Opening,
): Promise<{ pdf: PDFDocumentProxy; saved?: SavedEdition }> {
  startedWorker();
  const saved = await savedCopyOf(id);
  const record = saved && (await current());
  if (saved && (!record || isCurrentCopy(saved.edition, record))) {
    return { pdf: await openBlob(saved.pdf, opening), saved: saved.edition };
  }
  return { pdf: await openFromServer(id, opening) };
}
