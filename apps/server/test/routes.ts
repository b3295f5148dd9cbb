import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './app.ts';

const initialization = 'fastify.initialization';

/**
 * A test app and every route it registers, as "METHOD /url". buildApp adds its routes before it returns,
 * so the onRoute hook is added through the channel Fastify announces each new instance on.
 */
export async function buildTestAppWithRoutes() {
  const routes = new Set<string>();
  const watch = (message: unknown) =>
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    });
  diagnostics.subscribe(initialization, watch);
  try {
    return { app: await buildTestApp(), routes: [...routes] };
  } finally {
    diagnostics.unsubscribe(initialization, watch);
  }
}
