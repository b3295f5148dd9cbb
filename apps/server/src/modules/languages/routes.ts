import { LANGUAGE_MESSAGES, languageInputSchema, namedRecordSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../record-routes.ts';
import { deleteLanguage, languageRecords } from './service.ts';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags: ['languages'],
    record: namedRecordSchema,
    input: languageInputSchema,
    list: {
      public: true,
      summary: 'Every language, by name (public: sign-up and downloads need it)',
      run: () => languageRecords.list(app.db),
    },
    create: {
      summary: 'Add a language (admins); names are unique regardless of case',
      run: ({ name }) => languageRecords.create(app.db, name),
    },
    update: {
      summary: 'Rename a language (admins); its files follow',
      run: (id, { name }) => languageRecords.rename(app.db, id, name),
    },
    remove: {
      summary: 'Delete a language (admins); refused with 409 while files use it',
      message: LANGUAGE_MESSAGES.deleted,
      run: (id) => deleteLanguage(app.db, id),
    },
  });
};
