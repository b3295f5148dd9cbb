import { LANGUAGE_MESSAGES, languageInputSchema, languageSchema, messageSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, security } from '../route-schemas.ts';
import { deleteLanguage, languageRecords } from './service.ts';

const tags = ['languages'];

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.auth.require('records:manage');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every language, by name (public: sign-up and downloads need it)',
        response: { 200: z.array(languageSchema) },
      },
    },
    async () => languageRecords.list(app.db),
  );

  const create = {
    preHandler: admins,
    schema: {
      tags,
      security,
      summary: 'Add a language (admins); names are unique regardless of case',
      body: languageInputSchema,
      response: { 201: languageSchema },
    },
  };
  app.post('/', create, async (request, reply) =>
    reply.status(201).send(await languageRecords.create(app.db, request.body.name)),
  );

  app.put(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Rename a language (admins); its files follow',
        params: idParams,
        body: languageInputSchema,
        response: { 200: languageSchema },
      },
    },
    async (request) => languageRecords.rename(app.db, request.params.id, request.body.name),
  );

  app.delete(
    '/:id',
    {
      preHandler: admins,
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
