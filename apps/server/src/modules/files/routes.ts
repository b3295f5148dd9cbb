import { ADMIN_ROLES, FILE_MESSAGES, fileRecordSchema, messageSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accounts } from '../../db/schema.ts';
import { HttpError, Unauthorized } from '../../errors.ts';
import { PROBE_BYTES, recordDownload } from '../downloads/record.ts';
import { idParams, security } from '../route-schemas.ts';
import { signDownloadToken, verifyDownloadToken } from './download-links.ts';
import { type EditionRow, readableName, toFileRecord } from './file-view.ts';
import { notModified, parseRange, rangeApplies } from './ranges.ts';
import { deleteFile, findEdition, listFiles, listMissingFiles, saveEdition } from './service.ts';
import { parseUploadFields, receiveUpload } from './upload.ts';

const tags = ['files'];

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.auth.require();
  const admins = app.auth.require(...ADMIN_ROLES);

  /** An edition whose PDF the store has lost is said so (and logged): no link to it, no download. */
  async function assertStored(request: FastifyRequest, edition: EditionRow) {
    if ((await app.storage.size(edition.file.storageKey)) !== undefined) return;
    request.log.error(
      { fileId: edition.file.id, storageKey: edition.file.storageKey },
      'an edition’s file is missing from the store: it must be uploaded again',
    );
    throw new HttpError(410, FILE_MESSAGES.fileMissing);
  }

  const upload = {
    preHandler: admins,
    schema: {
      tags,
      security,
      consumes: ['multipart/form-data'],
      summary:
        'Upload an edition PDF: multipart part `file` with fields `book`, `language` (names), `year` (YYYY), `month` (1-12 or English name). Replaces the edition’s previous file.',
      response: { 201: fileRecordSchema },
    },
  };
  const handleUpload = async (request: FastifyRequest, reply: FastifyReply) => {
    const received = await receiveUpload(request, app.storage);
    const fields = await parseUploadFields(received);
    const record = await saveEdition(app.db, app.storage, received.staged, fields, received.originalName).catch(
      async (error: unknown) => {
        await received.staged.discard();
        throw error;
      },
    );
    return reply.status(201).send(record);
  };
  app.post('/files/uploadfile', upload, handleUpload);
  app.post('/file/upload', upload, handleUpload);
  app.post('/file/upload/', upload, handleUpload);

  const list = {
    preHandler: signedIn,
    schema: {
      tags,
      security,
      summary: 'Every edition file, newest first',
      response: { 200: z.array(fileRecordSchema) },
    },
  };
  app.get('/file/getAll', list, async () => listFiles(app.db));
  app.get('/files/getAllFiles', list, async () => listFiles(app.db));

  app.get(
    '/files/missing',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'The ids of edition files whose PDF is missing from the store: each needs uploading again',
        response: { 200: z.object({ ids: z.array(z.string()) }) },
      },
    },
    async () => ({ ids: await listMissingFiles(app.db, app.storage) }),
  );

  app.get(
    '/file/getById/:id',
    {
      preHandler: signedIn,
      schema: { tags, security, summary: 'One edition file', params: idParams, response: { 200: fileRecordSchema } },
    },
    async (request) => toFileRecord(await findEdition(app.db, request.params.id)),
  );

  app.delete(
    '/file/delete/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Delete an edition file (its download history stays)',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteFile(app.db, app.storage, request.params.id);
      return { message: FILE_MESSAGES.deleted };
    },
  );

  app.get(
    '/files/download-link/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'A short-lived link the browser can open to download the file with its own download manager',
        params: idParams,
        response: { 200: z.object({ url: z.string(), name: z.string() }) },
      },
    },
    async (request) => {
      const edition = await findEdition(app.db, request.params.id);
      await assertStored(request, edition);
      const token = signDownloadToken(edition.file.id, (request.caller as { id: string }).id, app.auth.secret);
      return {
        url: `/api/files/download/${edition.file.id}?token=${encodeURIComponent(token)}`,
        name: readableName(edition),
      };
    },
  );

  app.get(
    '/files/download/:id',
    {
      compress: false,
      schema: {
        tags,
        security,
        summary:
          'Stream the PDF (Range, ETag and Last-Modified supported); signed in by bearer token or a `token` from download-link. Records the download.',
        params: idParams,
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      // Who asks comes first: without a valid link or session, an unknown id and a known one look the same.
      let accountId: string;
      if (request.query.token) {
        const holder = verifyDownloadToken(request.query.token, request.params.id, app.auth.secret);
        // A link made for an account deleted since then is dead too.
        const [account] = holder
          ? await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, holder))
          : [];
        if (!account) throw new Unauthorized(FILE_MESSAGES.downloadLinkExpired);
        accountId = account.id;
      } else {
        await signedIn.call(app, request, reply);
        accountId = (request.caller as { id: string }).id;
      }
      const edition = await findEdition(app.db, request.params.id);
      await assertStored(request, edition);
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
      // A HEAD (Fastify answers it with this handler) only asks about the file, and a range that stops short
      // of PROBE_BYTES only peeks at it (a viewer reading the header): neither is a download.
      const takesTheFile = !range || (range.start === 0 && range.end + 1 >= Math.min(PROBE_BYTES, file.fileSize));
      if (takesTheFile && request.method === 'GET') await recordDownload(app.db, accountId, edition);
      if (!range) {
        reply.header('Content-Length', file.fileSize);
        return reply.send(app.storage.read(file.storageKey));
      }
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${file.fileSize}`)
        .header('Content-Length', range.end - range.start + 1);
      return reply.send(app.storage.read(file.storageKey, range));
    },
  );
};
