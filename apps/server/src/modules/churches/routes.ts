import { CHURCH_MESSAGES, churchInputSchema, churchSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../record-routes.ts';
import { createChurch, deleteChurch, getChurch, listChurches, updateChurch } from './service.ts';

export const churchRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags: ['churches'],
    record: churchSchema,
    input: churchInputSchema,
    list: {
      public: true,
      summary: 'Every church, by country and name (public: sign-up offers them)',
      run: () => listChurches(app.db),
    },
    get: { summary: 'One church (admins)', run: (id) => getChurch(app.db, id) },
    create: {
      summary: 'Add a church (admins): a country from the country list, a name unique there regardless of case',
      run: (input) => createChurch(app.db, input),
    },
    update: {
      summary: 'Change a church’s country, name and allocation (admins)',
      run: (id, input) => updateChurch(app.db, id, input),
    },
    remove: {
      summary: 'Delete a church (admins); refused with 409 while accounts belong to it',
      message: CHURCH_MESSAGES.deleted,
      run: (id) => deleteChurch(app.db, id),
    },
  });
};
