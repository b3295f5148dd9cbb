import { BOOK_MESSAGES, bookInputSchema, bookSchema, messageSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordRoutes } from '../record-routes.ts';
import { idParams, security } from '../route-schemas.ts';
import { coverOf, findCover, listBooks, readCoverUpload, removeCover, saveCover } from './covers.ts';
import { bookRecords } from './service.ts';

const tags = ['books'];

export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags,
    record: bookSchema,
    input: bookInputSchema,
    list: {
      public: true,
      summary:
        'Every book, by name, with its cover image’s address (public, like languages: the download and statistics screens list them)',
      run: () => listBooks(app.db),
    },
    create: {
      summary: 'Add a book (admins); names are unique regardless of case',
      run: async ({ name }) => ({ ...(await bookRecords.create(app.db, name)), cover: null }),
    },
    update: {
      summary: 'Rename a book (admins); books are never deleted',
      run: async (id, { name }) => {
        const book = await bookRecords.rename(app.db, id, name);
        return { ...book, cover: await coverOf(app.db, book.id) };
      },
    },
  });

  const admins = { onRequest: app.auth.require('records:manage') };
  app.put(
    '/:id/cover',
    {
      ...admins,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'Set a book’s cover (admins): multipart part `image`, a PNG, JPEG or WebP of at most 5 MB, resized once to the cards’ size',
        params: idParams,
        response: { 200: bookSchema },
      },
    },
    async (request) => saveCover(app.db, request.params.id, await readCoverUpload(request)),
  );

  app.delete(
    '/:id/cover',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Remove a book’s cover (admins): the cards draw their placeholder again',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await removeCover(app.db, request.params.id);
      return { message: BOOK_MESSAGES.coverRemoved };
    },
  );

  app.get(
    '/:id/cover/:file',
    {
      schema: {
        tags,
        summary:
          'A book’s cover image (public). Its address names the image, so it is cached for good; a new cover gets a new address.',
        params: idParams.extend({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const image = await findCover(app.db, request.params.id, request.params.file);
      return reply
        .type('image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(image);
    },
  );
};
