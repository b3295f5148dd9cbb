import { LANGUAGE_MESSAGES, languageInputSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { namedRecordRoutes } from '../named-record-routes.ts';
import { deleteLanguage, languageRecords } from './service.ts';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  namedRecordRoutes(app, {
    tags: ['languages'],
    records: languageRecords,
    input: languageInputSchema,
    summaries: {
      list: 'Every language, by name (public: sign-up and downloads need it)',
      create: 'Add a language (admins); names are unique regardless of case',
      rename: 'Rename a language (admins); its files follow',
    },
    remove: {
      summary: 'Delete a language (admins); refused with 409 while files use it',
      message: LANGUAGE_MESSAGES.deleted,
      run: (id) => deleteLanguage(app.db, id),
    },
  });
};
