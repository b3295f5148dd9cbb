import { COUNTRY_MESSAGES, countryChangesSchema, countrySchema, countryUploadResultSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { standardCountryNames } from '../../db/seed.ts';
import { clearListsAfterWrites } from '../../plugins/list-cache.ts';
import { security } from '../route-schemas.ts';
import { countryChanges, listCountries, replaceCountries } from './service.ts';
import { readCountryFile } from './upload.ts';

const tags = ['countries'];

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  clearListsAfterWrites(app);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The country list, sorted (public: sign-up and the church dialog offer it)',
        response: { 200: z.array(countrySchema) },
      },
    },
    (request, reply) => app.lists.send(request, reply, () => listCountries(app.db)),
  );

  app.post(
    '/',
    {
      onRequest: app.auth.require('records:manage'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'Replace the country list (admins): multipart part `jsonfile`, a JSON array of names or of `{ "country": name }`, at most 3,000,000 bytes. A bad file changes nothing.',
        response: { 200: countryUploadResultSchema },
      },
    },
    async (request) => {
      const count = await replaceCountries(app.db, await readCountryFile(request));
      return { message: COUNTRY_MESSAGES.uploaded, count };
    },
  );

  app.post(
    '/preview',
    {
      onRequest: app.auth.require('records:manage'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'What uploading this country file would change, without changing anything (admins): the same part `jsonfile` as POST /api/countries, answered with the countries added and removed and the removed ones churches or accounts still name.',
        response: { 200: countryChangesSchema },
      },
    },
    async (request) => countryChanges(app.db, await readCountryFile(request)),
  );

  app.get(
    '/restore/preview',
    {
      onRequest: app.auth.require('records:manage'),
      schema: {
        tags,
        security,
        summary: 'What restoring the standard list (the ISO country names a new portal starts with) would change',
        response: { 200: countryChangesSchema },
      },
    },
    () => countryChanges(app.db, standardCountryNames()),
  );

  app.post(
    '/restore',
    {
      onRequest: app.auth.require('records:manage'),
      schema: {
        tags,
        security,
        summary: 'Replace the country list with the standard list: the ISO country names a new portal starts with',
        response: { 200: countryUploadResultSchema },
      },
    },
    async () => {
      const count = await replaceCountries(app.db, standardCountryNames());
      return { message: COUNTRY_MESSAGES.restored, count };
    },
  );
};
