import { CHURCH_MESSAGES, churchInputSchema, churchSchema, messageSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, security } from '../route-schemas.ts';
import { createChurch, deleteChurch, getChurch, listChurches, updateChurch } from './service.ts';

const tags = ['churches'];

export const churchRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.auth.require('records:manage');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every church, by country and name (public: sign-up offers them)',
        response: { 200: z.array(churchSchema) },
      },
    },
    async () => listChurches(app.db),
  );

  app.get(
    '/:id',
    {
      preHandler: admins,
      schema: { tags, security, summary: 'One church (admins)', params: idParams, response: { 200: churchSchema } },
    },
    async (request) => getChurch(app.db, request.params.id),
  );

  const create = {
    preHandler: admins,
    schema: {
      tags,
      security,
      summary: 'Add a church (admins): a country from the country list, a name unique there regardless of case',
      body: churchInputSchema,
      response: { 201: churchSchema },
    },
  };
  app.post('/', create, async (request, reply) => reply.status(201).send(await createChurch(app.db, request.body)));

  app.put(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Change a church’s country, name and allocation (admins)',
        params: idParams,
        body: churchInputSchema,
        response: { 200: churchSchema },
      },
    },
    async (request) => updateChurch(app.db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Delete a church (admins); its members stay, without a church',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteChurch(app.db, request.params.id);
      return { message: CHURCH_MESSAGES.deleted };
    },
  );
};
