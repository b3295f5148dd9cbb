import { healthSchema, MESSAGES, publicConfigSchema, readinessSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { NotFound } from '../../errors.ts';
import { checkReadiness } from './readiness.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process runs and answers. Asks no dependency, so an outage of one restarts nothing',
        response: { 200: healthSchema },
      },
      // Probed every few seconds: only trouble belongs in the log.
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: 200 while the database, the file store and Redis (when set) answer; 503 naming what does not, and while shutting down',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
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

  app.get(
    '/links/:name',
    {
      schema: {
        tags: ['system'],
        summary:
          "Sends the browser on to one of this installation's links (the landing page's panels are plain links to these, so they work before any script has run)",
        params: z.object({ name: publicConfigSchema.shape.links.keyof() }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const target = config.links[request.params.name];
      if (!target) throw new NotFound(MESSAGES.notFound);
      return reply.redirect(target, 302);
    },
  );
};
