import {
  editionDayParamsSchema,
  editionDaysFoundSchema,
  editionDaysInputSchema,
  editionDaysSchema,
  editionDayTextSchema,
  editionLanguageSchema,
  editionLanguagesQuerySchema,
  editionLookupSchema,
  editionMonthSchema,
  editionMonthsQuerySchema,
  editionMonthTextSchema,
  editionPageQuerySchema,
  editionPageSchema,
  editionSearchQuerySchema,
  editionSearchResultSchema,
  fileRecordSchema,
  thisMonthQuerySchema,
  thisMonthSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, security } from '../route-schemas.ts';
import { daysFound, readDays, readDayText, readMonthText, setDays } from './days/service.ts';
import { recordDownload } from './record.ts';
import { searchEditions } from './search.ts';
import { editionLanguages, editionMonths, findEdition, findEditionByNames, listEditionPage } from './service.ts';
import { thisMonthFor } from './this-month.ts';

// The tags outside clients group these operations by (a generated client names its classes after them),
// as they were before the routes came here.
const fileTags = ['files'];
const downloadTags = ['downloads'];

/** `/api/editions`: the pages of editions, the member's home, the download panel's look-ups, and each edition's days. */
export const editionRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.auth.require('editions:download');
  const admins = app.auth.require('files:manage');

  app.get(
    '/',
    {
      onRequest: readers,
      schema: {
        tags: fileTags,
        security,
        summary:
          'A page of the editions, newest first: `first` and `rows` page it, `book` and `language` (names), `to` (the last month, YYYY-MM) and `search` (words) filter it',
        querystring: editionPageQuerySchema,
        response: { 200: editionPageSchema },
      },
    },
    (request, reply) => app.lists.send(request, reply, () => listEditionPage(app.db, request.query)),
  );

  app.get(
    '/this-month',
    {
      onRequest: readers,
      schema: {
        tags: fileTags,
        security,
        summary:
          'The caller’s home: this month’s edition of every book in the languages shown, `file` null where it is not out yet, and next month’s editions in those languages that are out already. Shown: the `languages` picked (ids, comma-separated) that this month has editions in, else the caller’s edition languages (chosen, else of their downloads, else of `locale`, their interface’s, or of their account’s locale when editions exist in it, else the first added); `languageChoices` are the languages with editions this month',
        querystring: thisMonthQuerySchema,
        response: { 200: thisMonthSchema },
      },
    },
    async (request) => thisMonthFor(app.db, app.auth.caller(request).id, app.config.timeZone, request.query),
  );

  app.get(
    '/languages',
    {
      onRequest: readers,
      schema: {
        tags: downloadTags,
        security,
        summary: 'Languages that have the book’s edition for a month, sorted by name',
        querystring: editionLanguagesQuerySchema,
        response: { 200: z.array(editionLanguageSchema) },
      },
    },
    (request, reply) =>
      app.lists.send(request, reply, () =>
        editionLanguages(app.db, request.query.book, request.query.year, request.query.month),
      ),
  );

  app.get(
    '/months',
    {
      onRequest: readers,
      schema: {
        tags: downloadTags,
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
    '/lookup',
    {
      onRequest: readers,
      schema: {
        tags: downloadTags,
        security,
        summary: 'The edition file of a book in a language for a month (`name` is the book)',
        querystring: editionLookupSchema,
        response: { 200: fileRecordSchema },
      },
    },
    async (request) => findEditionByNames(app.db, request.query),
  );

  app.get(
    '/search',
    {
      onRequest: readers,
      schema: {
        tags: downloadTags,
        security,
        summary:
          'Search the text of the editions in the member’s languages (words, "a phrase", -without): pages best first, with the day each belongs to and some words around the matches',
        querystring: editionSearchQuerySchema,
        response: { 200: z.array(editionSearchResultSchema) },
      },
    },
    async (request) => searchEditions(app.db, app.auth.caller(request).id, request.query.q),
  );

  app.get(
    '/days',
    {
      onRequest: admins,
      schema: {
        tags: fileTags,
        security,
        summary:
          'How many of its month’s days (`of`) each edition’s map has (`found`), and how the map was found (`pending` while its PDF waits to be read)',
        response: { 200: z.array(editionDaysFoundSchema) },
      },
    },
    () => daysFound(app.db),
  );

  app.get(
    '/:id/days',
    {
      onRequest: readers,
      schema: {
        tags: fileTags,
        security,
        summary:
          'Where each day of the edition’s month begins (`days`, day and first page): found from its date headings, set by an admin, none found, or `pending` while its PDF waits to be read; `scanned` when the PDF has no text',
        params: idParams,
        response: { 200: editionDaysSchema },
      },
    },
    async (request) => readDays(app.db, (await findEdition(app.db, request.params.id)).file),
  );

  app.get(
    '/:id/days/:day',
    {
      onRequest: readers,
      schema: {
        tags: fileTags,
        security,
        summary:
          'A day’s reading as text (the text view): the text of its pages, from the day’s first to the next day’s; counts as getting the edition, as its download does (once per account and edition in 10 minutes)',
        params: editionDayParamsSchema,
        response: { 200: editionDayTextSchema },
      },
    },
    async (request) => {
      const edition = await findEdition(app.db, request.params.id);
      const text = await readDayText(app.db, edition.file, request.params.day);
      await recordDownload(app, app.auth.caller(request).id, edition);
      return text;
    },
  );

  app.get(
    '/:id/text',
    {
      onRequest: readers,
      schema: {
        tags: fileTags,
        security,
        summary:
          'Every mapped day’s reading as text, in one answer (`days`, each as `/{id}/days/{day}` answers it): what the app keeps so that Today and the text view work offline; keeping it is not reading it, so it does not count as getting the edition',
        params: idParams,
        response: { 200: editionMonthTextSchema },
      },
    },
    async (request) => ({ days: await readMonthText(app.db, (await findEdition(app.db, request.params.id)).file) }),
  );

  app.put(
    '/:id/days',
    {
      onRequest: admins,
      schema: {
        tags: fileTags,
        security,
        summary:
          'Set or correct where the edition’s days begin: `firstPage` (day 1’s) and `pagesPerDay`, or `days` (each day’s page)',
        params: idParams,
        body: editionDaysInputSchema,
        response: { 200: editionDaysSchema },
      },
    },
    async (request) => setDays(app.db, (await findEdition(app.db, request.params.id)).file, request.body),
  );
};
