import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const YEAR_SECONDS = 31_536_000;

function wantsPage(request: FastifyRequest) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
 * every other page path answered with index.html so that client routes survive a reload.
 * Anything else unknown gets a JSON 404.
 */
export default fp(
  async (app: FastifyInstance, { webDist }: { webDist: string }) => {
    const hasApp = existsSync(path.join(webDist, 'index.html'));
    if (!hasApp) app.log.warn(`No built web app in ${webDist}: run "npm run build" to serve the pages.`);
    else {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.startsWith(path.join(webDist, 'assets'));
          res.header('Cache-Control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        },
      });
    }

    const sendPage = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');

    app.setNotFoundHandler((request, reply) => {
      if (hasApp && wantsPage(request)) return sendPage(reply);
      const message = request.url.startsWith('/api') ? MESSAGES.routeNotFound : MESSAGES.notFound;
      return reply.status(404).send({ message });
    });
  },
  { name: 'web' },
);
