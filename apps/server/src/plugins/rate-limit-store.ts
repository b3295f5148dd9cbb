/// <reference path="./rate-limit-stores.d.ts" />
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/** Counts in `shared`, or in `own` for each count `shared` fails to take. */
class SharedOrOwn implements FastifyRateLimitStore {
  readonly #shared: FastifyRateLimitStore;
  readonly #own: FastifyRateLimitStore;

  constructor(shared: FastifyRateLimitStore, own: FastifyRateLimitStore) {
    this.#shared = shared;
    this.#own = own;
  }

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.#shared.incr(
      key,
      (error, result) => (error ? this.#own.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new SharedOrOwn(this.#shared.child(routeOptions), this.#own.child(routeOptions));
  }
}

/**
 * @fastify/rate-limit's Redis store, which counts in this instance's memory whenever Redis does not answer in
 * time (plugins/redis.ts bounds each command): a lost Redis fails no request, and each limit still holds, per
 * instance, until it is back (decision 037).
 */
export function redisOrMemory(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrOwn {
    constructor() {
      super(new RedisStore(false, false, redis, nameSpace), new LocalStore(false, false));
    }
  };
}
