import { type namedInputSchema, namedRecordSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { namedRecords } from './named-records.ts';
import { idParams, security } from './route-schemas.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface NamedRecordRoutesOptions {
  tags: string[];
  records: ReturnType<typeof namedRecords>;
  input: ReturnType<typeof namedInputSchema>;
  /** The OpenAPI summary of each route. */
  summaries: { list: string; create: string; rename: string };
}

/**
 * The routes of a table of records that are just a name (books, languages): anyone lists them; admins
 * add and rename them. A module adds what else its records have (a language's delete).
 */
export function namedRecordRoutes(app: App, { tags, records, input, summaries }: NamedRecordRoutesOptions) {
  const admins = app.auth.require('records:manage');

  app.get('/', { schema: { tags, summary: summaries.list, response: { 200: z.array(namedRecordSchema) } } }, async () =>
    records.list(app.db),
  );

  app.post(
    '/',
    {
      preHandler: admins,
      schema: { tags, security, summary: summaries.create, body: input, response: { 201: namedRecordSchema } },
    },
    async (request, reply) => reply.status(201).send(await records.create(app.db, request.body.name)),
  );

  app.put(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: summaries.rename,
        params: idParams,
        body: input,
        response: { 200: namedRecordSchema },
      },
    },
    async (request) => records.rename(app.db, request.params.id, request.body.name),
  );
}
