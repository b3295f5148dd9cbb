import {
  FILE_MESSAGES,
  messageSchema,
  TRANSLATION_MESSAGES,
  translationSchema,
  translationUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest } from '../../errors.ts';
import { deleteFile } from '../files/service.ts';
import { idParams, security } from '../route-schemas.ts';
import { changeLanguage, listTranslations } from './service.ts';

const tags = ['translations'];

/** The legacy translation API over the edition files; see service.ts for why create is refused. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.auth.require('records:manage');

  app.get(
    '/',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Every edition file as a translation record (admins)',
        response: { 200: z.array(translationSchema) },
      },
    },
    async () => listTranslations(app.db),
  );

  const create = {
    preHandler: admins,
    schema: {
      tags,
      security,
      summary:
        'Always 400 (admins): an edition is created by uploading its PDF to /api/files/uploadfile, never without its file',
      response: { 400: messageSchema },
    },
  };
  app.post('/', create, async () => {
    throw new BadRequest(TRANSLATION_MESSAGES.createByUpload);
  });

  app.put(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary:
          'Move an edition file to another language, given by name in `book_language` (admins); nothing else changes here',
        params: idParams,
        body: translationUpdateSchema,
        response: { 200: translationSchema },
      },
    },
    async (request) => changeLanguage(app.db, request.params.id, request.body.book_language),
  );

  app.delete(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Delete an edition file, as DELETE /api/file/delete/{id} does (admins)',
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
