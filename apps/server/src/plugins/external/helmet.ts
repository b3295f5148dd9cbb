import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** The security headers of every answer: a strict Content-Security-Policy, and HSTS on https only. */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const https = config.publicUrl.startsWith('https:');
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
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Browsers ignore HSTS over plain HTTP, and it would be a promise the portal can't keep on localhost.
      hsts: https,
    });
  },
  { name: 'helmet' },
);
