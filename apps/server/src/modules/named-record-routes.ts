import { type namedInputSchema, namedRecordSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { namedRecords } from './named-records.ts';
import { type RecordRoutesOptions, recordRoutes } from './record-routes.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Input = ReturnType<typeof namedInputSchema>;

interface NamedRecordRoutesOptions {
  tags: string[];
  records: ReturnType<typeof namedRecords>;
  input: Input;
  /** The OpenAPI summary of each route. */
  summaries: { list: string; create: string; rename: string };
  remove?: RecordRoutesOptions<typeof namedRecordSchema, Input>['remove'];
}

/**
 * The routes of a table of records that are just a name (books, languages): anyone lists them; admins
 * add and rename them, and delete them where `remove` says how.
 */
export function namedRecordRoutes(app: App, { tags, records, input, summaries, remove }: NamedRecordRoutesOptions) {
  recordRoutes(app, {
    tags,
    record: namedRecordSchema,
    input,
    list: { public: true, summary: summaries.list, run: () => records.list(app.db) },
    create: { summary: summaries.create, run: ({ name }) => records.create(app.db, name) },
    update: { summary: summaries.rename, run: (id, { name }) => records.rename(app.db, id, name) },
    remove,
  });
}
