import { LANGUAGE_MESSAGES, languageInputSchema, messageSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { namedRecordRoutes } from '../named-record-routes.ts';
import { idParams, security } from '../route-schemas.ts';
import { deleteLanguage, languageRecords } from './service.ts';

const tags = ['languages'];

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  namedRecordRoutes(app, {
    tags,
    records: languageRecords,
    input: languageInputSchema,
    summaries: {
      list: 'Every language, by name (public: sign-up and downloads need it)',
      create: 'Add a language (admins); names are unique regardless of case',
      rename: 'Rename a language (admins); its files follow',
    },
  });

  app.delete(
    '/:id',
    {
      preHandler: app.auth.require('records:manage'),
      schema: {
        tags,
        security,
        summary: 'Delete a language (admins); refused with 409 while files use it',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteLanguage(app.db, request.params.id);
      return { message: LANGUAGE_MESSAGES.deleted };
    },
  );
};
