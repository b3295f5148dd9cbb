import { messageSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearListsAfterWrites } from '../plugins/list-cache.ts';
import { idParams, security } from './route-schemas.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One route: its OpenAPI summary and what it does. */
interface Route<Run> {
  summary: string;
  run: Run;
}

export interface RecordRoutesOptions<Record extends z.ZodType, Input extends z.ZodType> {
  tags: string[];
  /** One record on the wire. */
  record: Record;
  /** The body of create and update. */
  input: Input;
  /** Only admins list, unless `public`: then everyone gets it from the list cache. */
  list: Route<() => Promise<z.output<Record>[]>> & { public?: boolean };
  get?: Route<(id: string) => Promise<z.output<Record>>>;
  create?: Route<(input: z.output<Input>) => Promise<z.output<Record>>>;
  update: Route<(id: string, input: z.output<Input>) => Promise<z.output<Record>>>;
  /** Answers `message` once the record is gone. */
  remove?: Route<(id: string) => Promise<unknown>> & { message: string };
}

/**
 * The REST routes of a table of back-office records, the same for every such table: `GET /` lists,
 * `GET /:id` reads, `POST /` creates (201), `PUT /:id` updates and `DELETE /:id` deletes, each for admins
 * (`records:manage`) but a public list. A module registers beside them any route that differs. Every write
 * of the module clears the list cache.
 */
export function recordRoutes<Record extends z.ZodType, Input extends z.ZodType>(
  app: App,
  { tags, list, get, create, update, remove, ...schemas }: RecordRoutesOptions<Record, Input>,
) {
  // Fastify can't type a request from a schema that is a type parameter: the schemas go in as plain zod
  // types, the options above check what each `run` takes and gives, and the validated body is the input's.
  const record: z.ZodType = schemas.record;
  const input: z.ZodType = schemas.input;
  const body = (request: { body: unknown }) => request.body as z.output<Input>;
  const onRequest = app.auth.require('records:manage');
  const forAdmins = <Schema>(summary: string, schema: Schema) => ({
    onRequest,
    schema: { tags, security, summary, ...schema },
  });
  const listed = { response: { 200: z.array(record) } };
  clearListsAfterWrites(app);

  if (list.public)
    app.get('/', { schema: { tags, summary: list.summary, ...listed } }, (request, reply) =>
      app.lists.send(request, reply, list.run),
    );
  else app.get('/', forAdmins(list.summary, listed), () => list.run());

  if (get) {
    const schema = { params: idParams, response: { 200: record } };
    app.get('/:id', forAdmins(get.summary, schema), (request) => get.run(request.params.id));
  }

  if (create) {
    const schema = { body: input, response: { 201: record } };
    app.post('/', forAdmins(create.summary, schema), async (request, reply) =>
      reply.status(201).send(await create.run(body(request))),
    );
  }

  const updateSchema = { params: idParams, body: input, response: { 200: record } };
  app.put('/:id', forAdmins(update.summary, updateSchema), (request) => update.run(request.params.id, body(request)));

  if (remove) {
    const schema = { params: idParams, response: { 200: messageSchema } };
    app.delete('/:id', forAdmins(remove.summary, schema), async (request) => {
      await remove.run(request.params.id);
      return { message: remove.message };
    });
  }
}
