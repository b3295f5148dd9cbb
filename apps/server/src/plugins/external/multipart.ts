import fastifyMultipart from '@fastify/multipart';
import { MAX_PDF_BYTES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Uploads: one PDF a request, no bigger than the contract's limit, with a few form fields beside it. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_PDF_BYTES, files: 1, fields: 20 } });
  },
  { name: 'multipart' },
);
