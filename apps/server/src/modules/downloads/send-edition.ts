import { FILE_MESSAGES } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { type EditionRow, readableName } from '../files/file-view.ts';
import { notModified, parseRange, rangeApplies } from './ranges.ts';
import { PROBE_BYTES, recordDownload } from './record.ts';

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** An edition whose PDF the store has lost is said so, and logged loudly: no link to it, no download. */
export async function assertStored(storage: Storage, request: FastifyRequest, edition: EditionRow) {
  if ((await storage.size(edition.file.storageKey)) !== undefined) return;
  request.log.error(
    { fileId: edition.file.id, storageKey: edition.file.storageKey },
    'an edition’s file is missing from the store: it must be uploaded again',
  );
  throw new HttpError(410, FILE_MESSAGES.fileMissing);
}

/**
 * Sends an edition's PDF to an account: validators (ETag, Last-Modified), conditional and range requests,
 * and the download recorded when the file, not a peek at it, goes out.
 */
export async function sendEdition(
  { db, storage }: { db: Database; storage: Storage },
  request: FastifyRequest,
  reply: FastifyReply,
  edition: EditionRow,
  accountId: string,
) {
  await assertStored(storage, request, edition);
  const { file } = edition;
  const validators = { etag: `"${file.sha256 ?? file.storageKey}"`, lastModified: file.updatedAt.toUTCString() };
  reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', contentDisposition(readableName(edition)))
    .header('Accept-Ranges', 'bytes')
    .header('ETag', validators.etag)
    .header('Last-Modified', validators.lastModified)
    .header('Cache-Control', 'private, no-cache');
  if (notModified(request.headers, validators)) return reply.status(304).send();

  const range = rangeApplies(request.headers, validators)
    ? parseRange(request.headers.range, file.fileSize)
    : undefined;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.fileSize}`);
    throw new HttpError(416, FILE_MESSAGES.rangeNotSatisfiable);
  }
  // A HEAD (Fastify answers it with the GET handler) only asks about the file, and a range that stops short
  // of PROBE_BYTES only peeks at it (a viewer reading the header): neither is a download.
  const takesTheFile = !range || (range.start === 0 && range.end + 1 >= Math.min(PROBE_BYTES, file.fileSize));
  if (takesTheFile && request.method === 'GET') await recordDownload(db, accountId, edition);
  if (!range) {
    reply.header('Content-Length', file.fileSize);
    return reply.send(storage.read(file.storageKey));
  }
  reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.fileSize}`)
    .header('Content-Length', range.end - range.start + 1);
  return reply.send(storage.read(file.storageKey, range));
}
