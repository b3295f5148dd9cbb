import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

const REFRESH_COOKIE = 'refreshToken';

declare module 'fastify' {
  interface FastifyInstance {
    /** The refresh token's cookie (decision 002): httpOnly, sent only to the accounts' routes. */
    refreshCookie: {
      read(request: FastifyRequest): string | undefined;
      set(reply: FastifyReply, token: string, expires: Date): void;
      clear(reply: FastifyReply): void;
    };
  }
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const options = {
      httpOnly: true,
      sameSite: config.cookieSameSite,
      secure: config.publicUrl.startsWith('https:'),
      path: '/api/accounts',
    };
    app.decorate('refreshCookie', {
      read: (request: FastifyRequest) => request.cookies[REFRESH_COOKIE],
      set: (reply: FastifyReply, token: string, expires: Date) => {
        reply.setCookie(REFRESH_COOKIE, token, { ...options, expires });
      },
      clear: (reply: FastifyReply) => {
        reply.clearCookie(REFRESH_COOKIE, options);
      },
    });
  },
  { name: 'refresh-cookie' },
);
