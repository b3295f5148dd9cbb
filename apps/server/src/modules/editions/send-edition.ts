import { FILE_MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import type { Storage } from '../../plugins/storage/types.ts';
import { type EditionRow, readableName } from './edition-view.ts';
import { type ByteRange, notModified, parseRange, rangeApplies } from './ranges.ts';
import { enough, recordDownload } from './record.ts';
import { sendBytes, sendHeaders } from './send-bytes.ts';

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** An edition whose PDF the store has lost is said so, and logged loudly: no link to it, no download. */
function lost(request: FastifyRequest, edition: EditionRow) {
  request.log.error(
    { fileId: edition.file.id, storageKey: edition.file.storageKey },
    'an edition’s file is missing from the store: it must be uploaded again',
  );
  return new HttpError(410, FILE_MESSAGES.fileMissing);
}

export async function assertStored(storage: Storage, request: FastifyRequest, edition: EditionRow) {
  if ((await storage.size(edition.file.storageKey)) === undefined) throw lost(request, edition);
}

/**
 * Adds the bytes of `part` to the account's total for the edition. The whole file, or a range from its start
 * that is a download on its own (as a browser's, a download manager's or the reader's first), is what a
 * download looks like: its record is waited for, by its last byte or by the answer (`waiting`), so that it
 * never goes out uncounted (decision 015). Other ranges (the reader's pages, a download's later parts) are not
 * held up: their bytes are added as they go out.
 */
function countBytes(
  app: Pick<FastifyInstance, 'db' | 'metrics'>,
  request: FastifyRequest,
  accountId: string,
  edition: EditionRow,
  part: ByteRange,
  waiting: 'answer' | 'lastByte',
) {
  const bytes = part.end - part.start + 1;
  const held = part.start === 0 && enough(edition, bytes);
  const recorded = recordDownload(app, accountId, edition, { bytes, waiting: held ? waiting : 'lastByte' });
  if (held) return recorded;
  recorded.catch((error: unknown) => request.log.error({ err: error }, 'a download’s bytes were not counted'));
  return undefined;
}

/**
 * Sends an edition's PDF to an account: validators (ETag, Last-Modified), conditional and range requests,
 * and the bytes sent counted towards a download.
 */
export async function sendEdition(
  app: Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'metrics'>,
  request: FastifyRequest,
  reply: FastifyReply,
  edition: EditionRow,
  accountId: string,
) {
  const { storage, config } = app;
  const { file } = edition;
  const whole = { start: 0, end: file.fileSize - 1 };
  const validators = { etag: `"${file.sha256 ?? file.storageKey}"`, lastModified: file.updatedAt.toUTCString() };
  const current = notModified(request.headers, validators);
  const range =
    !current && rangeApplies(request.headers, validators)
      ? parseRange(request.headers.range, file.fileSize)
      : undefined;
  // The bytes a GET is answered with, which add to the account's total for the edition; none for a HEAD
  // (Fastify answers it with the GET handler), a current copy or a range outside the file.
  const part = !current && range !== 'unsatisfiable' && request.method === 'GET' ? (range ?? whole) : undefined;
  // Who sends the bytes: the portal, nginx from the disk (X-Accel-Redirect), or the bucket (a redirect).
  const handsOver = Boolean(config.accelRedirectPrefix) || config.downloadDelivery === 'redirect';
  // One look at the store before anything is said: the file is opened when its bytes go out from here;
  // otherwise it is only checked for.
  const sendsBytes = part !== undefined && !handsOver;
  const reader = sendsBytes ? await storage.open(file.storageKey, part.start) : undefined;
  if (sendsBytes ? !reader : (await storage.size(file.storageKey)) === undefined) throw lost(request, edition);
  const counting = part && countBytes(app, request, accountId, edition, part, handsOver ? 'answer' : 'lastByte');
  if (config.downloadDelivery === 'redirect' && storage.presign && !current && range !== 'unsatisfiable') {
    // The bucket answers the rest (ranges and all) at a link that works for a minute. It can't tell the
    // portal when the bytes went out, so they are counted when the link is given.
    await counting;
    const link = await storage.presign(file.storageKey, {
      disposition: contentDisposition(readableName(edition)),
      type: file.mimeType,
    });
    return reply.header('Cache-Control', 'private, no-store').redirect(link, 302);
  }
  reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', contentDisposition(readableName(edition)))
    .header('ETag', validators.etag)
    .header('Last-Modified', validators.lastModified)
    .header('Cache-Control', 'private, no-cache');
  // nginx says it itself of the files it sends.
  if (!handsOver) reply.header('Accept-Ranges', 'bytes');
  if (current) return reply.status(304).send();
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.fileSize}`);
    throw new HttpError(416, FILE_MESSAGES.rangeNotSatisfiable);
  }
  if (config.accelRedirectPrefix) {
    // nginx sends the file from its internal location, ranges included; the portal has said everything else.
    await counting;
    return reply.header('X-Accel-Redirect', `${config.accelRedirectPrefix}/${file.storageKey}`).send();
  }
  const bytes = range ?? whole;
  if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.fileSize}`);
  reply.header('Content-Length', bytes.end - bytes.start + 1);
  if (!reader) return sendHeaders(reply);
  // The bytes start at once; the last one waits for the download's record when it is held (send-bytes.ts).
  return sendBytes(reply, reader, bytes, counting);
}
