import {
  editionPageQuerySchema,
  editionPageSchema,
  FILE_MESSAGES,
  fileRecordSchema,
  messageSchema,
  thisMonthQuerySchema,
  thisMonthSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearListsAfterWrites } from '../../plugins/list-cache.ts';
import { scheduleDigest } from '../notifications/service.ts';
import { idParams, security } from '../route-schemas.ts';
import { toFileRecord } from './file-view.ts';
import { deleteFile, findEdition, listEditionPage, listFiles, listMissingFiles, saveEdition } from './service.ts';
import { thisMonthFor } from './this-month.ts';
import { parseUploadFields, receiveUpload } from './upload.ts';

const tags = ['files'];

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.auth.require('editions:download');
  const admins = app.auth.require('files:manage');
  clearListsAfterWrites(app);

  const upload = {
    onRequest: admins,
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
    app.metrics.upload();
    await scheduleDigest(app);
    return reply.status(201).send(record);
  };
  app.post('/files', upload, handleUpload);

  const list = {
    onRequest: readers,
    schema: {
      tags,
      security,
      summary: 'Every edition file, newest first',
      response: { 200: z.array(fileRecordSchema) },
    },
  };
  app.get('/files', list, (request, reply) => app.lists.send(request, reply, () => listFiles(app.db)));

  app.get(
    '/editions',
    {
      onRequest: readers,
      schema: {
        tags,
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
    '/editions/this-month',
    {
      onRequest: readers,
      schema: {
        tags,
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
    '/files/missing',
    {
      onRequest: admins,
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
    '/files/:id',
    {
      onRequest: readers,
      schema: { tags, security, summary: 'One edition file', params: idParams, response: { 200: fileRecordSchema } },
    },
    async (request) => toFileRecord(await findEdition(app.db, request.params.id)),
  );

  app.delete(
    '/files/:id',
    {
      onRequest: admins,
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
};
