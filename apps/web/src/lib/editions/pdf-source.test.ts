import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { edition } from '../../testing/editions.ts';
import { server } from '../../testing/server.ts';
import { session } from '../../testing/session.ts';
import { ApiError } from '../api-client.ts';
import { endSession, startSession } from '../session/session-store.ts';
import { openEdition } from './pdf-source.ts';
import { savedCopyOf } from './saved-editions.ts';

/** pdf.js as the reader drives it: each document opened, with what it was given, and each worker started. */
const pdfjs = vi.hoisted(() => ({
  opened: [] as { params: Record<string, unknown>; destroy: () => void }[],
  workers: [] as { destroyed: boolean }[],
  failure: undefined as Error | undefined,
}));

vi.mock('pdfjs-dist', () => {
  class PDFDataRangeTransport {
    readonly received: [number, Uint8Array][] = [];
    readonly length: number;
    readonly initialData: Uint8Array;
    constructor(length: number, initialData: Uint8Array) {
      this.length = length;
      this.initialData = initialData;
    }
    onDataRange(begin: number, chunk: Uint8Array) {
      this.received.push([begin, chunk]);
    }
  }
  class PDFWorker {
    destroyed = false;
    constructor() {
      pdfjs.workers.push(this);
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const getDocument = (params: Record<string, unknown>) => {
    const task = {
      promise: pdfjs.failure ? Promise.reject(pdfjs.failure) : Promise.resolve({ numPages: 3 }),
      destroy: vi.fn(),
    };
    pdfjs.opened.push({ params, destroy: task.destroy });
    return task;
  };
  return { GlobalWorkerOptions: {}, getDocument, PDFDataRangeTransport, PDFWorker };
});

vi.mock('./saved-editions.ts', async (original) => ({
  ...(await original<typeof import('./saved-editions.ts')>()),
  savedCopyOf: vi.fn(async () => undefined),
}));

interface Transport {
  length: number;
  initialData: Uint8Array;
  received: [number, Uint8Array][];
  requestDataRange: (begin: number, end: number) => void;
}

const CHUNK = 128 * 1024;
const SIZE = 1_000_000;
/** The PDF on the server: byte i is i % 251. */
const FILE = Uint8Array.from({ length: SIZE }, (_, i) => i % 251);

const transportOf = (index = 0) => pdfjs.opened[index]?.params.range as Transport;
const opening = () => ({ fail: vi.fn(), signal: new AbortController().signal });

/** The download route, answering Range requests as the portal does unless told otherwise; records each Range asked. */
function fileRoute({ ranges = true } = {}) {
  const asked: (string | null)[] = [];
  server.use(
    http.get('/api/files/:id/download', ({ request }) => {
      const range = request.headers.get('Range');
      asked.push(range);
      const [, start, end] = /^bytes=(\d+)-(\d+)$/.exec(range ?? '') ?? [];
      if (!ranges || start === undefined || end === undefined) return new HttpResponse(FILE.slice());
      return new HttpResponse(FILE.slice(Number(start), Number(end) + 1), {
        status: 206,
        headers: { 'Content-Range': `bytes ${start}-${end}/${SIZE}` },
      });
    }),
  );
  return asked;
}

beforeEach(() => {
  startSession(session('token'));
  pdfjs.opened.length = 0;
  pdfjs.failure = undefined;
});
afterEach(() => endSession('signed-out'));

describe('openEdition from the portal', () => {
  it('opens with the first 128 KiB and the size the first answer gives, pdf.js asking for no more by itself', async () => {
    const asked = fileRoute();
    const { pdf, saved } = await openEdition('e1', async () => edition(), opening());
    expect(pdf).toEqual({ numPages: 3 });
    expect(saved).toBeUndefined();
    expect(asked).toEqual([`bytes=0-${CHUNK - 1}`]);
    const transport = transportOf();
    expect(transport.length).toBe(SIZE);
    expect(transport.initialData).toEqual(FILE.slice(0, CHUNK));
    expect(pdfjs.opened[0]?.params).toMatchObject({
      rangeChunkSize: CHUNK,
      disableAutoFetch: true,
      disableStream: true,
    });
  });

  it('hands pdf.js the bytes it asks for, read as a range of the file (its end exclusive, Range’s inclusive)', async () => {
    const asked = fileRoute();
    await openEdition('e1', async () => undefined, opening());
    transportOf().requestDataRange(500_000, 600_000);
    await vi.waitFor(() => expect(transportOf().received).toHaveLength(1));
    expect(asked.at(-1)).toBe('bytes=500000-599999');
    const [begin, chunk] = transportOf().received[0] ?? [];
    expect(begin).toBe(500_000);
    expect(chunk).toEqual(FILE.slice(500_000, 600_000));
  });

  it('reports a range that could not be read, which pdf.js would only wait for', async () => {
    fileRoute();
    const { fail, signal } = opening();
    await openEdition('e1', async () => undefined, { fail, signal });
    server.use(http.get('/api/files/:id/download', () => HttpResponse.json({ message: 'Gone' }, { status: 410 })));
    transportOf().requestDataRange(CHUNK, 2 * CHUNK);
    await vi.waitFor(() => expect(fail).toHaveBeenCalledOnce());
    expect(fail.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
    expect(transportOf().received).toEqual([]);
  });

  it('takes the whole file from a server that answers no ranges', async () => {
    const asked = fileRoute({ ranges: false });
    await openEdition('e1', async () => undefined, opening());
    expect(asked).toHaveLength(1);
    expect(transportOf().length).toBe(SIZE);
    expect(transportOf().initialData).toEqual(FILE.slice(0, CHUNK));
  });

  it('fetches the whole file where the size cannot be read from the first answer', async () => {
    // A store that hides Content-Range from scripts. The file is smaller than a chunk: an answer left unread
    // stalls Node's fetch (not a browser's), and the first one is left unread here.
    const asked: (string | null)[] = [];
    const small = FILE.slice(0, 40_000);
    server.use(
      http.get('/api/files/:id/download', ({ request }) => {
        asked.push(request.headers.get('Range'));
        return new HttpResponse(small.slice(), { status: asked.at(-1) ? 206 : 200 });
      }),
    );
    await openEdition('e1', async () => undefined, opening());
    expect(asked).toEqual([`bytes=0-${CHUNK - 1}`, null]);
    expect(transportOf().length).toBe(small.length);
  });

  it('reads a small file whole from its one answer', async () => {
    server.use(
      http.get(
        '/api/files/:id/download',
        () => new HttpResponse(FILE.slice(0, 1000), { status: 206, headers: { 'Content-Range': 'bytes 0-999/1000' } }),
      ),
    );
    await openEdition('e1', async () => undefined, opening());
    expect(transportOf().length).toBe(1000);
    expect(transportOf().initialData).toHaveLength(1000);
  });

  it('closes the document when the reader is left', async () => {
    fileRoute();
    const leaving = new AbortController();
    await openEdition('e1', async () => undefined, { fail: vi.fn(), signal: leaving.signal });
    expect(pdfjs.opened[0]?.destroy).not.toHaveBeenCalled();
    leaving.abort();
    expect(pdfjs.opened[0]?.destroy).toHaveBeenCalledOnce();
  });

  it('starts pdf.js’s worker afresh after a document failed to open', async () => {
    fileRoute();
    await openEdition('e1', async () => undefined, opening());
    const worker = pdfjs.workers.at(-1);
    expect(pdfjs.opened[0]?.params.worker).toBe(worker);
    pdfjs.failure = new Error('Invalid PDF structure.');
    await expect(openEdition('e1', async () => undefined, opening())).rejects.toThrow('Invalid PDF structure.');
    expect(worker?.destroyed).toBe(true);
    pdfjs.failure = undefined;
    await openEdition('e1', async () => undefined, opening());
    expect(pdfjs.opened.at(-1)?.params.worker).not.toBe(worker);
  });
});

describe('openEdition with a copy saved on this device', () => {
  const PDF = new Blob([FILE.slice(0, 5000)]);
  const copy = { edition: { file: edition(), accountId: 'account-1', savedAt: '2026-03-01T00:00:00.000Z' }, pdf: PDF };

  it('reads the saved copy of the current file, asking the portal nothing', async () => {
    vi.mocked(savedCopyOf).mockResolvedValue(copy);
    const asked = fileRoute();
    const { saved } = await openEdition('e1', async () => edition(), opening());
    expect(saved).toBe(copy.edition);
    expect(asked).toEqual([]);
    expect(transportOf().length).toBe(5000);
    transportOf().requestDataRange(1000, 2000);
    await vi.waitFor(() => expect(transportOf().received).toHaveLength(1));
    expect(transportOf().received[0]?.[1]).toEqual(FILE.slice(1000, 2000));
  });

  it('reads the saved copy where the portal cannot say (offline)', async () => {
    vi.mocked(savedCopyOf).mockResolvedValue(copy);
    const { saved } = await openEdition('e1', async () => undefined, opening());
    expect(saved).toBe(copy.edition);
  });

  it('reads the portal’s file once the edition was replaced since it was saved', async () => {
    vi.mocked(savedCopyOf).mockResolvedValue(copy);
    const asked = fileRoute();
    const { saved } = await openEdition('e1', async () => edition({ created: '2026-03-05T00:00:00.000Z' }), opening());
    expect(saved).toBeUndefined();
    expect(asked).toHaveLength(1);
    expect(transportOf().length).toBe(SIZE);
  });
});
