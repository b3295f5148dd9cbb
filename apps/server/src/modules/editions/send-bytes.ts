import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { StoredFileReader } from '../../plugins/storage/types.ts';
import type { ByteRange } from './ranges.ts';

/**
 * Bytes read from the file and written to the client at a time. Each download reads into two buffers of
 * this size, in turn, for its whole length (decision 015).
 */
const CHUNK_BYTES = 128 * 1024;

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
 * Copies bytes `from`..`to` of the file through the buffers: one is read into while the socket takes
 * another, and a buffer is filled again only once the socket has taken it. What the socket took is counted
 * as `sent`, so a client who leaves mid-way counts for the bytes it was sent. Settles with whether the client
 * took them all (false: it went away); fails when the file can't be read. It never settles while a read is
 * under way, so the file is not closed under it. Callbacks rather than promises: this runs once per chunk,
 * hundreds of times a download.
 */
function copy(
  reader: StoredFileReader,
  response: ServerResponse,
  buffers: Buffer[],
  from: number,
  to: number,
  sent: (bytes: number) => void,
) {
  return new Promise<boolean>((resolve, reject) => {
    const free = [...buffers];
    let position = from;
    let reading = false;
    let writing = 0;
    let outcome: boolean | Error | undefined;
    let settled = false;
    const stop = (result: boolean | Error) => {
      outcome ??= result;
      if (reading || settled) return;
      settled = true;
      response.off('close', left);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    // Node drops the callback of a write to a socket just destroyed: its closing says the client left too.
    const left = () => stop(false);
    const next = () => {
      if (outcome !== undefined || reading) return;
      if (position > to) {
        if (writing === 0) stop(true);
        return;
      }
      const buffer = free.pop();
      if (!buffer) return;
      reading = true;
      reader.read(buffer.subarray(0, Math.min(buffer.length, to + 1 - position)), position, (error, read) => {
        reading = false;
        if (outcome !== undefined) return stop(outcome);
        if (error || read === 0) {
          return stop(error ?? new Error(`the stored file ends at byte ${position}, before ${to + 1}`));
        }
        position += read;
        writing += 1;
        response.write(buffer.subarray(0, read), (failure) => {
          writing -= 1;
          if (failure) return stop(false);
          sent(read);
          free.push(buffer);
          next();
        });
        next();
      });
    };
    if (response.destroyed) return resolve(false);
    response.on('close', left);
    next();
  });
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
  // The status and headers go out now rather than with the first chunk, whose read may wait for a thread
  // behind the reads of every other download under way: the client knows at once its download has begun.
  response.flushHeaders();
  const buffers = [Buffer.allocUnsafeSlow(CHUNK_BYTES), Buffer.allocUnsafeSlow(CHUNK_BYTES)];
  const sent = (bytes: number) => reply.server.metrics.bytesSent(bytes);
  try {
    let taken = true;
    if (released) {
      taken = await copy(reader, response, buffers, start, end - 1, sent);
      const [outcome] = await released;
      if (outcome?.status === 'rejected') throw outcome.reason;
    }
    if (taken && (await copy(reader, response, buffers, released ? end : start, end, sent))) response.end();
    else response.destroy();
  } catch (error) {
    response.destroy();
    reply.log.error({ err: error }, 'a download stopped short');
  } finally {
    await reader.close();
  }
}
