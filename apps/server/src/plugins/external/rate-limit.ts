import fastifyRateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redisOrMemory } from '../rate-limit-store.ts';

/** Rate limits, set per route (none globally), refused in the portal's words. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyRateLimit, {
      global: false,
      // Several instances count in the Redis they share, so a limit holds whichever instance is asked; while
      // Redis does not answer, each instance counts in its own memory.
      ...(app.redis && { store: redisOrMemory(app.redis, 'portal-rate-limit-') }),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: MESSAGES.tooManyRequests,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
