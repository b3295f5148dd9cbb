import { MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';

/** A route's `config` that allows each client address `share` of AUTH_RATE_LIMIT requests a minute. */
type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits of signing in and of what mails a token, relative to AUTH_RATE_LIMIT (decision 005). */
    authLimits: {
      /** Requests a minute for a share of AUTH_RATE_LIMIT: generous for people, tight for scripts. */
      perMinute(share: number): number;
      /** A route's `config`: the share per client address. */
      route(share: number): RouteLimit;
      /** The share per client address and per the account the body's e-mail or reset token names. */
      byBody(share: number, field: 'email' | 'token'): { config: RouteLimit; preHandler: preHandlerAsyncHookHandler };
      /** Checks of the signed-in person's current password (in the body) count like sign-in attempts. */
      passwordChecks: preHandlerAsyncHookHandler;
    };
  }
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const perMinute = (share: number) => Math.max(1, Math.round(config.authRateLimit * share));
    const route = (share: number) => ({ rateLimit: { max: perMinute(share), timeWindow: '1 minute' } });
    /**
     * The same allowance per account, keyed on the body's normalised e-mail, the reset token or the signed-in
     * account, so spreading attempts over many client addresses does not help. A preHandler, because the
     * body is parsed and the caller known by then; requests without a key are not counted.
     */
    const perAccount = (share: number, key: (request: FastifyRequest) => string | undefined) => {
      const check = app.createRateLimit({
        max: perMinute(share),
        timeWindow: '1 minute',
        keyGenerator: (request) => key(request) ?? '',
      });
      return async (request: FastifyRequest, reply: FastifyReply) => {
        if (key(request) === undefined) return;
        const state = await check(request);
        if (state.isAllowed || !state.isExceeded) return;
        reply.header('retry-after', state.ttlInSeconds);
        throw new HttpError(429, MESSAGES.tooManyRequests);
      };
    };
    app.decorate('authLimits', {
      perMinute,
      route,
      byBody: (share: number, field: 'email' | 'token') => ({
        config: route(share),
        preHandler: perAccount(share, (request) => (request.body as Record<typeof field, string>)[field]),
      }),
      passwordChecks: perAccount(1, (request) =>
        (request.body as { currentPassword?: unknown } | null)?.currentPassword === undefined
          ? undefined
          : `password-of:${app.auth.caller(request).id}`,
      ),
    });
  },
  { name: 'auth-limits', dependencies: ['auth', 'rate-limit'] },
);
