import { bookInputSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { namedRecordRoutes } from '../named-record-routes.ts';
import { bookRecords } from './service.ts';

export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  namedRecordRoutes(app, {
    tags: ['books'],
    records: bookRecords,
    input: bookInputSchema,
    summaries: {
      list: 'Every book, by name (public, like languages: the download and statistics screens list them)',
      create: 'Add a book (admins); names are unique regardless of case',
      rename: 'Rename a book (admins); books are never deleted',
    },
  });
};
