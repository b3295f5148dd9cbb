import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../errors.ts';

const YEAR_SECONDS = 31_536_000;

/** A request URL's path, without its query. */
const pathOf = (url: string) => url.split('?')[0] ?? '';

const isApiPath = (url: string) => pathOf(url) === '/api' || pathOf(url).startsWith('/api/');

/** A file the build would have written: under /assets, or named with an extension (`/favicon.ico`, `/robots.txt`). */
const isAssetPath = (url: string) => pathOf(url).startsWith('/assets/') || /\.\w+$/.test(pathOf(url));

/**
 * Whether an unknown path gets the app's page: any GET or HEAD outside the API that is not a file, whatever
 * it accepts, so curl, health checks and link checkers see the page a browser sees.
 */
function wantsPage(request: FastifyRequest) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !isAssetPath(request.url)
  );
}

const PAGE_FILE = 'index.html';
/**
 * Folders whose files never change under their name: the build's hashed assets, and PrimeReact's themes, in a folder
 * named after their version (`themes/<version>/lara-light-indigo/theme.css`).
 */
const IMMUTABLE_FOLDERS = ['assets', 'themes'];

/** A page's path as the router matches it: no query, no trailing slash, any case. */
const pageKey = (url: string) => pathOf(url).replace(/\/+$/, '').toLowerCase();

/**
 * The pages the build prerendered (`dist/en/dist/index.html` for /en/dist), by page key; the root's index.html,
 * the page of every other path, is not among them.
 */
function prerenderedPages(webDist: string) {
  const pages = new Map<string, string>();
  for (const file of readdirSync(webDist, { recursive: true, encoding: 'utf8' })) {
    const folder = path.dirname(file);
    if (path.basename(file) === PAGE_FILE && folder !== '.') {
      pages.set(pageKey(`/${folder.split(path.sep).join('/')}`), file);
    }
  }
  return pages;
}

/**
 * Serves the built single-page app: hashed assets and versioned themes cached for a year, pages and the rest
 * revalidated (`no-cache`), each file in the Brotli or gzip form the build made of it when the browser takes one (nothing compressed per request), and
 * every other page path answered with index.html so that client routes survive a reload; a path the build
 * prerendered gets its own page. Anything else unknown (the API, a missing file, another method) gets a JSON 404.
 */
export default fp(
  async (app: FastifyInstance, { webDist }: { webDist: string }) => {
    const hasApp = existsSync(path.join(webDist, PAGE_FILE));
    const pages = hasApp ? prerenderedPages(webDist) : new Map<string, string>();
    if (!hasApp) app.log.warn(`No built web app in ${webDist}: run "npm run build" to serve the pages.`);
    else {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        // A route per file the build wrote; their .br and .gz forms are sent in their place, never asked for.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(res, filePath) {
          const immutable = IMMUTABLE_FOLDERS.some((folder) =>
            filePath.startsWith(path.join(webDist, folder, path.sep)),
          );
          res.header('Cache-Control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        },
      });
    }

    const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile(pages.get(pageKey(request.url)) ?? PAGE_FILE);

    app.setNotFoundHandler((request, reply) => {
      if (hasApp && wantsPage(request)) return sendPage(request, reply);
      const message = isApiPath(request.url) ? MESSAGES.routeNotFound : MESSAGES.notFound;
      return reply.status(404).send(errorBody(message));
    });
  },
  { name: 'web' },
);
