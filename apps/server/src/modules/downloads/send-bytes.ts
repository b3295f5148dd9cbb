import type { ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import type { StoredFileReader } from '../../plugins/storage.ts';
import type { ByteRange } from './ranges.ts';

/**
 * Bytes read from the file and written to the client at a time. Each download reads into two buffers of
 * this size, in turn, for its whole length (decision 015).
 */
const CHUNK_BYTES = 256 * 1024;

/** A write under way: settles with its error, if it failed. */
type Write = Promise<Error | null | undefined>;

/**
 * Writes a chunk; settles once the socket has taken it, so its buffer may be filled again, with the error
 * if the write failed (a value, not a rejection: no one may be waiting for it yet). Node drops the callback
 * of a write to a socket that has just been destroyed, so the end of the response settles it too.
 */
const write = (response: ServerResponse, chunk: Buffer, ended: Write): Write =>
  Promise.race([new Promise<Error | null | undefined>((resolve) => response.write(chunk, resolve)), ended]);

/** Waits for a write; throws its error. */
async function written(write: Write) {
  const failure = await write;
  if (failure) throw failure;
}

/** Takes the response over from Fastify and writes the status and headers set on the reply. */
function takeOver(reply: FastifyReply) {
  reply.hijack();
  const response = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(reply.statusCode);
  return response;
}

/** Answers a HEAD with the reply's status and headers, Content-Length included (Fastify would say 0). */
export function sendHeaders(reply: FastifyReply) {
  takeOver(reply).end();
}

/**
 * Copies bytes `from`..`to` of the file through two buffers: one is read into while the socket takes the
 * other, and a buffer is filled again only once the socket has taken it.
 */
async function copy(
  reader: StoredFileReader,
  response: ServerResponse,
  ended: Write,
  buffers: Buffer[],
  from: number,
  to: number,
) {
  const writes: Write[] = buffers.map(() => Promise.resolve(undefined));
  let position = from;
  for (let turn = 0; position <= to; turn = (turn + 1) % buffers.length) {
    await written(writes[turn] as Write);
    const buffer = (buffers[turn] as Buffer).subarray(0, Math.min(CHUNK_BYTES, to + 1 - position));
    const read = await reader.read(buffer, position);
    if (read === 0) throw new Error(`the stored file ends at byte ${position}, before ${to + 1}`);
    position += read;
    writes[turn] = write(response, buffer.subarray(0, read), ended);
  }
  for (const each of writes) await written(each);
}

/**
 * Sends bytes `start`..`end` of an open stored file as the reply's body, with the status and headers set
 * on the reply, and closes the file. fs.createReadStream allocates a new buffer for every chunk: over a
 * 30 MB download that churn made the garbage collector, which walks the portal's large heap, the biggest
 * cost of a download; here the same two buffers carry it all. When `lastByteAfter` is given, everything
 * but the last byte goes out at once and the last waits for it: a client never holds the whole file
 * unless it settles, and a failure cuts the body short.
 */
export async function sendBytes(
  reply: FastifyReply,
  reader: StoredFileReader,
  { start, end }: ByteRange,
  lastByteAfter?: Promise<unknown>,
) {
  // Settled from now on, so that a failure while the bytes flow waits for the last byte instead of going unhandled.
  const released = lastByteAfter && Promise.allSettled([lastByteAfter]);
  const response = takeOver(reply);
  const ended = finished(response).then(
    () => undefined,
    (error: Error) => error,
  );
  const buffers = [Buffer.allocUnsafeSlow(CHUNK_BYTES), Buffer.allocUnsafeSlow(CHUNK_BYTES)];
  try {
    if (released) {
      await copy(reader, response, ended, buffers, start, end - 1);
      const [outcome] = await released;
      if (outcome?.status === 'rejected') throw outcome.reason;
    }
    await copy(reader, response, ended, buffers, released ? end : start, end);
    response.end();
  } catch (error) {
    const clientLeft = response.destroyed;
    response.destroy();
    if (!clientLeft) reply.log.error({ err: error }, 'a download stopped short');
  } finally {
    await reader.close();
  }
}
