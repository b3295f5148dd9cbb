import {
  downloadRecordSchema,
  editionLanguagesQuerySchema,
  editionLookupSchema,
  FILE_MESSAGES,
  fileRecordSchema,
  messageSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../plugins/auth.ts';
import { editionLanguages, findEdition, findEditionByNames } from '../files/service.ts';
import { security } from '../route-schemas.ts';
import { recordDownload } from './record.ts';

const tags = ['downloads'];

/** Edition look-up for the download panel, and the legacy ways of reporting a download. */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.auth.require();

  app.get(
    '/getTeeVoLanguagesByBookName',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Languages that have the book’s edition for a month, sorted by name',
        querystring: editionLanguagesQuerySchema,
        response: { 200: z.array(z.object({ book_language: z.string() })) },
      },
    },
    async (request) => editionLanguages(app.db, request.query.book, request.query.year, request.query.month),
  );

  app.get(
    '/getBookByName',
    {
      preHandler: signedIn,
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
    preHandler: signedIn,
    schema: {
      tags,
      security,
      summary:
        'Report a download (kept for older clients). The server already records the downloads it streams, so a report within 10 minutes of one is not counted again.',
      body: downloadRecordSchema,
      response: { 200: messageSchema },
    },
  };
  const handleReport = async (request: { body: { file: string }; caller: Caller | null }) => {
    const edition = await findEdition(app.db, request.body.file);
    await recordDownload(app.db, (request.caller as Caller).id, edition);
    return { message: FILE_MESSAGES.recorded };
  };
  for (const url of ['/create', '/create/', '/countDownload', '/countDownload/']) app.post(url, report, handleReport);
};
