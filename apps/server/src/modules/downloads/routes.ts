import {
  downloadRecordSchema,
  editionLanguagesQuerySchema,
  editionLookupSchema,
  editionMonthSchema,
  editionMonthsQuerySchema,
  FILE_MESSAGES,
  fileRecordSchema,
  messageSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unauthorized } from '../../errors.ts';
import { readableName } from '../files/file-view.ts';
import { editionLanguages, editionMonths, findEdition, findEditionByNames } from '../files/service.ts';
import { idParams, security } from '../route-schemas.ts';
import { linkHolder, signDownloadToken } from './links.ts';
import { keptEdition } from './lookups.ts';
import { recordDownload } from './record.ts';
import { assertStored, sendEdition } from './send-edition.ts';

const tags = ['downloads'];

/**
 * Everything about getting an edition: the download panel's look-ups, the download link and the download
 * itself, and the legacy ways of reporting a download.
 */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.auth.require('editions:download');

  app.get(
    '/files/:id/download-link',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'A short-lived link the browser can open to download the file with its own download manager',
        params: idParams,
        response: { 200: z.object({ url: z.string(), name: z.string() }) },
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
    '/files/:id/download',
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

  app.get(
    '/editions/languages',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'Languages that have the book’s edition for a month, sorted by name',
        querystring: editionLanguagesQuerySchema,
        response: { 200: z.array(z.object({ book_language: z.string() })) },
      },
    },
    (request, reply) =>
      app.lists.send(request, reply, () =>
        editionLanguages(app.db, request.query.book, request.query.year, request.query.month),
      ),
  );

  app.get(
    '/editions/months',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary:
          'Every month that has the book’s edition (`book`, its name), newest first, with the languages it has it in, sorted by name: what the download panel offers',
        querystring: editionMonthsQuerySchema,
        response: { 200: z.array(editionMonthSchema) },
      },
    },
    (request, reply) => app.lists.send(request, reply, () => editionMonths(app.db, request.query.book)),
  );

  app.get(
    '/editions/lookup',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary: 'The edition file of a book in a language for a month (`name` is the book)',
        querystring: editionLookupSchema,
        response: { 200: fileRecordSchema },
      },
    },
    async (request) => findEditionByNames(app.db, request.query),
  );

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
  app.post('/downloads', report, handleReport);
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
