import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './app.ts';

const initialization = 'fastify.initialization';

/**
 * A test app whose root instance `setup` saw before any plugin or route was added, for hooks that must
 * see every route. buildApp adds its routes before it returns, so `setup` runs on the channel Fastify
 * announces each new instance on.
 */
export async function buildTestAppWith(setup: (fastify: FastifyInstance) => void) {
  const watch = (message: unknown) => setup((message as { fastify: FastifyInstance }).fastify);
  diagnostics.subscribe(initialization, watch);
  try {
    return await buildTestApp();
  } finally {
    diagnostics.unsubscribe(initialization, watch);
  }
}

/** A test app and every route it registers, as "METHOD /url". */
export async function buildTestAppWithRoutes() {
  const routes = new Set<string>();
  const app = await buildTestAppWith((fastify) =>
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    }),
  );
  return { app, routes: [...routes] };
}
