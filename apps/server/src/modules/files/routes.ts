import { FILE_MESSAGES, fileRecordSchema, messageSchema, missingFilesSchema } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearListsAfterWrites } from '../../plugins/list-cache.ts';
import { toFileRecord } from '../editions/edition-view.ts';
import { findEdition, queueDays } from '../editions/service.ts';
import { scheduleDigest } from '../notifications/service.ts';
import { idParams, security } from '../route-schemas.ts';
import { deleteEdition, listEditions, listMissingFiles, saveEdition } from './service.ts';
import { parseUploadFields, receiveUpload } from './upload.ts';

const tags = ['files'];

/** `/api/files`: the upload, the list, one edition and its deletion, and the files missing from the store. */
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
    await queueDays(app, record.id);
    return reply.status(201).send(record);
  };
  app.post('/', upload, handleUpload);

  const list = {
    onRequest: readers,
    schema: {
      tags,
      security,
      summary: 'Every edition file, newest first',
      response: { 200: z.array(fileRecordSchema) },
    },
  };
  app.get('/', list, (request, reply) => app.lists.send(request, reply, () => listEditions(app.db)));

  app.get(
    '/missing',
    {
      onRequest: admins,
      schema: {
        tags,
        security,
        summary: 'The ids of edition files whose PDF is missing from the store: each needs uploading again',
        response: { 200: missingFilesSchema },
      },
    },
    async () => ({ ids: await listMissingFiles(app.db, app.storage) }),
  );

  app.get(
    '/:id',
    {
      onRequest: readers,
      schema: { tags, security, summary: 'One edition file', params: idParams, response: { 200: fileRecordSchema } },
    },
    async (request) => toFileRecord(await findEdition(app.db, request.params.id)),
  );

  app.delete(
    '/:id',
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
      await deleteEdition(app.db, app.storage, request.params.id);
      return { message: FILE_MESSAGES.deleted };
    },
  );
};
