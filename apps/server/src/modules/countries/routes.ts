import { COUNTRY_MESSAGES, countrySchema, countryUploadResultSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearListsAfterWrites } from '../../plugins/list-cache.ts';
import { listCountries, replaceCountries } from './service.ts';
import { readCountryFile } from './upload.ts';

const tags = ['countries'];

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  clearListsAfterWrites(app);

  app.get(
    '/countries',
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
    '/countries',
    {
      preHandler: app.auth.require('records:manage'),
      schema: {
        tags,
        security: [{ bearer: [] }],
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
};
