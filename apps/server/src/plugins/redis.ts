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
    // Commands wait for a connection while Redis restarts instead of failing at once; start-up waits for the first.
    const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 5_000 });
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
