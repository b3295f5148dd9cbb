import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import { MAX_JSON_BODY_BYTES } from '@portal/contract';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { rewriteLegacyUrl } from './legacy-paths.ts';
import { loggerOptions, OneLinePerRequest } from './logging.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { bookRoutes } from './modules/books/routes.ts';
import { churchRoutes } from './modules/churches/routes.ts';
import { countryRoutes } from './modules/countries/routes.ts';
import editionDaysJobs from './modules/editions/days/jobs.ts';
import { downloadReportRoutes, downloadRoutes } from './modules/editions/download-routes.ts';
import { editionRoutes } from './modules/editions/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { sweepAtStart } from './modules/files/sweep.ts';
import { languageRoutes } from './modules/languages/routes.ts';
import { migrateRoutes } from './modules/migrate/routes.ts';
import notificationJobs from './modules/notifications/jobs.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import reminderJobs from './modules/reminders/jobs.ts';
import { reminderRoutes } from './modules/reminders/routes.ts';
import statsRollups from './modules/stats/rollups.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import authPlugin from './plugins/auth/auth.ts';
import authLimitsPlugin from './plugins/auth/limits.ts';
import refreshCookiePlugin from './plugins/auth/refresh-cookie.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import compressPlugin from './plugins/external/compress.ts';
import corsPlugin from './plugins/external/cors.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import multipartPlugin from './plugins/external/multipart.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import jobsPlugin from './plugins/jobs.ts';
import listCachePlugin from './plugins/list-cache.ts';
import mailPlugin from './plugins/mail.ts';
import metricsPlugin from './plugins/metrics.ts';
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

  await app.register(helmetPlugin, { config });
  await app.register(corsPlugin, { config });
  await app.register(compressPlugin);
  await app.register(fastifyCookie);
  await app.register(multipartPlugin);
  await app.register(redisPlugin, { config });
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);

  await app.register(dbPlugin, { config, database: options.database });
  // Before the other plugins and the routes: its hook times every request.
  await app.register(metricsPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(authLimitsPlugin, { config });
  await app.register(refreshCookiePlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(storagePlugin, { config });
  await app.register(listCachePlugin);
  await app.register(jobsPlugin);
  await app.register(notificationJobs);
  await app.register(editionDaysJobs);
  await app.register(reminderJobs);
  await app.register(statsRollups);
  // Files that no record names (a crash between the two) go before the first request.
  await sweepAtStart(app);

  await app.register(systemRoutes, { prefix: '/api', config });
  await app.register(accountRoutes, { prefix: '/api/accounts', config });
  await app.register(churchRoutes, { prefix: '/api/churches' });
  await app.register(languageRoutes, { prefix: '/api/languages' });
  await app.register(translationRoutes, { prefix: '/api/translations' });
  await app.register(countryRoutes, { prefix: '/api/countries' });
  await app.register(bookRoutes, { prefix: '/api/books' });
  await app.register(editionRoutes, { prefix: '/api/editions' });
  await app.register(fileRoutes, { prefix: '/api/files' });
  // An edition's download (`/api/files/:id/download`, `/download-link`) and its report: the editions module's.
  await app.register(downloadRoutes, { prefix: '/api/files' });
  await app.register(downloadReportRoutes, { prefix: '/api/downloads' });
  await app.register(statsRoutes, { prefix: '/api/stats' });
  await app.register(notificationRoutes, { prefix: '/api/notifications' });
  await app.register(reminderRoutes, { prefix: '/api/reminders' });
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
