import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withLegacyPaths } from '../legacy-paths.ts';

/** The OpenAPI document (/api/docs/json) and its browsable page (/api/docs), built from the route schemas. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Teen Devotional Portal API',
          description: 'Editions, accounts, back office and download statistics of the portal.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      // The document is OpenAPI (not Swagger 2), so openapiObject is there.
      transformObject: (document) => withLegacyPaths('openapiObject' in document ? document.openapiObject : {}),
    });
    const https = app.config.publicUrl.startsWith('https:');
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Over plain HTTP the page's own requests would be sent to an https:// that is not there.
      transformStaticCSP: (header) => (https ? header : header.replace(/\s*upgrade-insecure-requests;?/, '')),
    });
  },
  { name: 'docs' },
);
