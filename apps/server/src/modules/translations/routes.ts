import {
  errorBodySchema,
  FILE_MESSAGES,
  TRANSLATION_MESSAGES,
  translationSchema,
  translationUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequest } from '../../errors.ts';
import { deleteEdition } from '../files/service.ts';
import { recordRoutes } from '../record-routes.ts';
import { security } from '../route-schemas.ts';
import { changeLanguage, listTranslations } from './service.ts';

const tags = ['translations'];

/** The legacy translation API over the edition files; see service.ts for why create is refused. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags,
    record: translationSchema,
    input: translationUpdateSchema,
    list: { summary: 'Every edition file as a translation record (admins)', run: () => listTranslations(app.db) },
    update: {
      summary:
        'Move an edition file to another language, given by name in `book_language` (admins); nothing else changes here',
      run: (id, input) => changeLanguage(app.db, id, input.book_language),
    },
    remove: {
      summary: 'Delete an edition file, as DELETE /api/file/delete/{id} does (admins)',
      message: FILE_MESSAGES.deleted,
      run: (id) => deleteEdition(app.db, app.storage, id),
    },
  });

  const create = {
    onRequest: app.auth.require('records:manage'),
    schema: {
      tags,
      security,
      summary:
        'Always 400 (admins): an edition is created by uploading its PDF to /api/files/uploadfile, never without its file',
      response: { 400: errorBodySchema },
    },
  };
  app.post('/', create, async () => {
    throw new BadRequest(TRANSLATION_MESSAGES.createByUpload);
  });
};
