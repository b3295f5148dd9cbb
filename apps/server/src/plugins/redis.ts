import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis every instance shares, when REDIS_URL is set. */
    redis: Redis | undefined;
  }
}

/** How long a Redis command may take before its caller does without it (decision 037). */
const REDIS_TIMEOUT_MS = 500;

/**
 * Connects to REDIS_URL when it is set (several instances count rate limits there), and closes the
 * connection with the app. ioredis is loaded only then: a single process never pays for it.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    if (!config.redisUrl) {
      app.decorate('redis', undefined);
      return;
    }
    const { Redis } = await import('ioredis');
    // A lost or frozen Redis never holds a request until it is back: commands fail at once while there is no
    // connection (none queued, none sent again), each has REDIS_TIMEOUT_MS to answer, and a connection silent
    // for twice that is dropped and made again. Start-up waits for the first connection.
    const redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      connectTimeout: 5_000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_TIMEOUT_MS,
      socketTimeout: 2 * REDIS_TIMEOUT_MS,
    });
    redis.on('error', (error: Error) => app.log.warn(`Redis: ${error.message}`));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(
        `Cannot connect to Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
