import { healthSchema, publicConfigSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { probeWrite } from './probe-write.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server answers, its database answers and its data folder takes a write',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        app.database.ping().then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        probeWrite(config.dataDir),
      ]);
      const ok = database === 'up' && storage === 'writable';
      if (!ok) app.log.error({ database, storage }, 'health check failed');
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, storage, uptimeSeconds: Math.round(process.uptime()) });
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
    async () => ({ links: config.links, operator: config.operator }),
  );
};
