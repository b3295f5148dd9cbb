import { healthSchema, publicConfigSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const database = await app.database.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      );
      const body = {
        status: database === 'up' ? ('ok' as const) : ('degraded' as const),
        database,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(database === 'up' ? 200 : 503).send(body);
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'What the browser needs to know about this installation',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({ links: config.links }),
  );
};
