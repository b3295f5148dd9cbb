import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, isListedFrontEnd } from '../../config.ts';

/** CORS for the front ends on other sites that CORS_ORIGINS lists (clients of the original API); none otherwise. */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    // Other origins get no CORS headers at all.
    if (config.corsOrigins.length === 0) return;
    await app.register(fastifyCors, {
      // false, not a list, for the others: @fastify/cors would still send them its other headers.
      origin: (origin, allow) => allow(null, isListedFrontEnd(config, origin)),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      hideOptionsRoute: true,
    });
  },
  { name: 'cors' },
);
