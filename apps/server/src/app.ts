import type { Writable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { MAX_JSON_BODY_BYTES, MAX_PDF_BYTES, MESSAGES } from '@portal/contract';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, isListedFrontEnd } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { rewriteLegacyUrl } from './legacy-paths.ts';
import { loggerOptions, OneLinePerRequest } from './logging.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { bookRoutes } from './modules/books/routes.ts';
import { churchRoutes } from './modules/churches/routes.ts';
import { countryRoutes } from './modules/countries/routes.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { sweepAtStart } from './modules/files/sweep.ts';
import { languageRoutes } from './modules/languages/routes.ts';
import { migrateRoutes } from './modules/migrate/routes.ts';
import notificationJobs from './modules/notifications/jobs.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import authPlugin from './plugins/auth/auth.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import jobsPlugin from './plugins/jobs.ts';
import listCachePlugin from './plugins/list-cache.ts';
import mailPlugin from './plugins/mail.ts';
import metricsPlugin from './plugins/metrics.ts';
import { redisOrMemory } from './plugins/rate-limit-store.ts';
import redisPlugin from './plugins/redis.ts';
import storagePlugin from './plugins/storage/index.ts';
import webPlugin from './plugins/web.ts';
import { serializerCompiler } from './serializer.ts';

export interface BuildOptions {
  /** A database opened by the caller (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: Writable;
}

/** Builds the whole portal (API and web app) without listening, so tests can use `app.inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A first start creates the embedded database (initdb) and applies migrations: slow on a busy machine.
    pluginTimeout: 120_000,
    // The original API's paths, old and with a trailing slash, reach the REST routes (legacy-paths.ts).
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: (request) => rewriteLegacyUrl(request.method ?? 'GET', request.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'https:'],
        // The reader follows a download redirected to the bucket (decision 033); named whichever delivery is set,
        // since installed apps keep the page (and this header) until their next update.
        connectSrc: ["'self'", () => app.storage.linkOrigin ?? ''],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore HSTS over plain HTTP, and it would be a promise the portal can't keep on localhost.
    hsts: config.publicUrl.startsWith('https:'),
  });
  if (config.corsOrigins.length > 0) {
    // Front ends on other sites (clients of the original API); other origins get no CORS headers at all.
    await app.register(fastifyCors, {
      // false, not a list, for the others: @fastify/cors would still send them its other headers.
      origin: (origin, allow) => allow(null, isListedFrontEnd(config, origin)),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      hideOptionsRoute: true,
    });
  }
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PDF_BYTES, files: 1, fields: 20 } });
  await app.register(redisPlugin, { config });
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
  await app.register(docsPlugin);

  await app.register(dbPlugin, { config, database: options.database });
  // Before the other plugins and the routes: its hook times every request.
  await app.register(metricsPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(storagePlugin, { config });
  await app.register(listCachePlugin);
  await app.register(jobsPlugin);
  await app.register(notificationJobs);
  // Files that no record names (a crash between the two) go before the first request.
  await sweepAtStart(app);

  await app.register(systemRoutes, { prefix: '/api', config });
  await app.register(accountRoutes, { prefix: '/api/accounts', config });
  await app.register(churchRoutes, { prefix: '/api/churches' });
  await app.register(languageRoutes, { prefix: '/api/languages' });
  await app.register(translationRoutes, { prefix: '/api/translations' });
  await app.register(countryRoutes, { prefix: '/api' });
  await app.register(bookRoutes, { prefix: '/api/books' });
  await app.register(fileRoutes, { prefix: '/api' });
  await app.register(downloadRoutes, { prefix: '/api' });
  await app.register(statsRoutes, { prefix: '/api/stats' });
  await app.register(notificationRoutes, { prefix: '/api/notifications' });
  await app.register(migrateRoutes, { prefix: '/api/migrate' });
  await app.register(webPlugin, { webDist: config.webDist });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
