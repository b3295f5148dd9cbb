import { bookInputSchema, bookSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, security } from '../route-schemas.ts';
import { bookRecords } from './service.ts';

const tags = ['books'];

export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.auth.require('records:manage');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every book, by name (public, like languages: the download and statistics screens list them)',
        response: { 200: z.array(bookSchema) },
      },
    },
    async () => bookRecords.list(app.db),
  );

  app.post(
    '/',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Add a book (admins); names are unique regardless of case',
        body: bookInputSchema,
        response: { 201: bookSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await bookRecords.create(app.db, request.body.name)),
  );

  app.put(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Rename a book (admins); books are never deleted',
        params: idParams,
        body: bookInputSchema,
        response: { 200: bookSchema },
      },
    },
    async (request) => bookRecords.rename(app.db, request.params.id, request.body.name),
  );
};
