import { downloadLinkSchema, downloadRecordSchema, FILE_MESSAGES, messageSchema } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unauthorized } from '../../errors.ts';
import { idParams, security } from '../route-schemas.ts';
import { readableName } from './edition-view.ts';
import { linkHolder, signDownloadToken } from './links.ts';
import { keptEdition } from './lookups.ts';
import { recordDownload } from './record.ts';
import { assertStored, sendEdition } from './send-edition.ts';
import { findEdition } from './service.ts';

const tags = ['downloads'];

/** `/api/files/:id/download` and `/download-link`: an edition's download, by session or by signed link. */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.auth.require('editions:download');

  app.get(
    '/:id/download-link',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'A short-lived link the browser can open to download the file with its own download manager',
        params: idParams,
        response: { 200: downloadLinkSchema },
      },
    },
    async (request) => {
      const edition = await keptEdition(app, request.params.id);
      await assertStored(app.storage, request, edition);
      const token = signDownloadToken(edition.file.id, app.auth.caller(request).id, app.auth.secret);
      return {
        url: `/api/files/${edition.file.id}/download?token=${encodeURIComponent(token)}`,
        name: readableName(edition),
      };
    },
  );

  app.get(
    '/:id/download',
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
      const { token } = request.query;
      const reader = async () => {
        if (!token) {
          await readers.call(app, request, reply);
          return app.auth.caller(request).id;
        }
        const holder = await linkHolder(app, token, request.params.id, app.auth.secret);
        if (!holder) throw new Unauthorized(FILE_MESSAGES.downloadLinkExpired);
        return holder;
      };
      const [accountId, edition] = await callerFirst(reader(), keptEdition(app, request.params.id));
      return sendEdition(app, request, reply, edition, accountId);
    },
  );
};

/** `/api/downloads`: the legacy ways of reporting a download. */
export const downloadReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.auth.require('editions:download');

  const report = {
    onRequest: readers,
    schema: {
      tags,
      security,
      summary:
        'Report a download (kept for older clients). The server already records the downloads it streams, so a report within 10 minutes of one is not counted again.',
      body: downloadRecordSchema,
      response: { 200: messageSchema },
    },
  };
  const handleReport = async (request: FastifyRequest<{ Body: { file: string } }>) => {
    const edition = await findEdition(app.db, request.body.file);
    await recordDownload(app, app.auth.caller(request).id, edition);
    return { message: FILE_MESSAGES.recorded };
  };
  app.post('/', report, handleReport);
};

/**
 * Who asks and what they ask for, looked up side by side (both are kept in memory once read, so a link's
 * download usually waits for no database at all); who asks is judged first, so without a valid link or
 * session an unknown file and a known one look the same.
 */
async function callerFirst<Caller, Found>(caller: Promise<Caller>, lookup: Promise<Found>): Promise<[Caller, Found]> {
  const [who, what] = await Promise.allSettled([caller, lookup]);
  if (who.status === 'rejected') throw who.reason;
  if (what.status === 'rejected') throw what.reason;
  return [who.value, what.value];
}
