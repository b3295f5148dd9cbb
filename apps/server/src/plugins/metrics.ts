import { createHash, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { Unauthorized } from '../errors.ts';

/** What the modules count; every method is a no-op when METRICS_TOKEN is unset. */
export interface Metrics {
  /** Bytes of a download the portal itself wrote to a client (not those nginx or a bucket sends). */
  bytesSent(bytes: number): void;
  /** Downloads recorded (an account's repeats of an edition within the window are one). */
  downloads(count: number): void;
  /** An edition uploaded and saved. */
  upload(): void;
  /** A mail handed over for sending: pending until it settles, then counted as sent or failed. */
  mail(sending: Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const OFF: Metrics = { bytesSent() {}, downloads() {}, upload() {}, mail() {} };

/** From the API's few milliseconds to a 30 MB download's minutes on a slow line. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Hashes are all one length, so comparing them takes the same time whatever was sent, its length included. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /api/metrics for whoever presents METRICS_TOKEN as a bearer token. Without the token
 * the route does not exist and prom-client is never loaded: a single-process portal pays nothing for it.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const token = config.metricsToken;
    if (!token) {
      app.decorate('metrics', OFF);
      return;
    }
    const client = await import('prom-client');
    const registry = new client.Registry();
    const registers = [registry];
    client.collectDefaultMetrics({ register: registry });

    const requests = new client.Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Requests by method, route pattern and status, and how long each took to its last byte',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const downloads = new client.Counter({ name: 'portal_downloads_total', help: 'Downloads recorded', registers });
    const bytesSent = new client.Counter({
      name: 'portal_download_bytes_sent_total',
      help: 'Bytes of downloads written to clients by the portal, those of clients who left mid-way included',
      registers,
    });
    const uploads = new client.Counter({ name: 'portal_uploads_total', help: 'Editions uploaded', registers });
    const mails = new client.Counter({
      name: 'portal_mails_total',
      help: 'Mails sent or failed',
      labelNames: ['result'] as const,
      registers,
    });
    const mailsPending = new client.Gauge({
      name: 'portal_mails_pending',
      help: 'Mails handed over and not yet sent or failed',
      registers,
    });

    const metrics: Metrics = {
      bytesSent: (bytes) => bytesSent.inc(bytes),
      downloads: (count) => downloads.inc(count),
      upload: () => uploads.inc(),
      mail(sending) {
        mailsPending.inc();
        sending
          .then(
            () => mails.inc({ result: 'sent' }),
            () => mails.inc({ result: 'failed' }),
          )
          .finally(() => mailsPending.dec());
      },
    };
    app.decorate('metrics', metrics);

    app.addHook('onRequest', (request, reply, done) => {
      // The response's close rather than onResponse: a download takes its reply over from Fastify, which then
      // runs no onResponse for it. The route is Fastify's pattern, never the URL, so the labels stay few.
      reply.raw.once('close', () => {
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route, status_code: reply.raw.statusCode };
        requests.observe(labels, reply.elapsedTime / 1000);
      });
      done();
    });

    const expected = digest(`Bearer ${token}`);
    app.get(
      '/api/metrics',
      {
        schema: {
          tags: ['system'],
          summary: 'Prometheus metrics (text format), with `Authorization: Bearer <METRICS_TOKEN>`',
        },
        logLevel: 'warn',
      },
      async (request, reply) => {
        if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
          throw new Unauthorized(MESSAGES.signInRequired);
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
