import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers of 1 KB and more compressed as the client accepts (the web app's files come precompressed). */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, { threshold: 1024 });
  },
  { name: 'compress' },
);
