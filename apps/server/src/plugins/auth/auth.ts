import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { can, MESSAGES, type Permission, type Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { isUuid } from '../../db/ids.ts';
import { accounts } from '../../db/schema.ts';
import { Forbidden, Unauthorized } from '../../errors.ts';
import { type AccessClaims, verifyAccessToken } from './tokens.ts';

export interface Caller {
  id: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: {
      /** The secret that signs access tokens. */
      secret: string;
      /** The claims of the request's bearer token when it is genuine and unexpired; the account is not checked. */
      claims(request: FastifyRequest): AccessClaims | undefined;
      /** A preHandler admitting a signed-in caller who has the permission (anyone signed in when none is named). */
      require(permission?: Permission): preHandlerAsyncHookHandler;
      /** Whom a request admitted by `require` came from. */
      caller(request: FastifyRequest): Caller;
    };
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR so sessions survive restarts. */
async function loadSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const secret = await loadSecret(config);

    function claims(request: FastifyRequest): AccessClaims | undefined {
      const token = bearerToken(request);
      const verified = token ? verifyAccessToken(token, secret) : undefined;
      // A token signed with the real secret but naming no possible account is no one's.
      return verified && isUuid(verified.sub) ? verified : undefined;
    }

    /** Who is calling: the token must be genuine and unexpired, and its account must still exist unchanged. */
    async function identify(request: FastifyRequest): Promise<Caller | null> {
      const claims = app.auth.claims(request);
      if (!claims) return null;
      const [account] = await app.db
        .select({ id: accounts.id, role: accounts.role, passwordChangedAt: accounts.passwordChangedAt })
        .from(accounts)
        .where(eq(accounts.id, claims.sub));
      if (!account) return null;
      if (account.passwordChangedAt && account.passwordChangedAt.getTime() > claims.iatMs) return null;
      return { id: account.id, role: account.role };
    }

    app.decorateRequest('caller', null);
    app.decorate('auth', {
      secret,
      claims,
      require(permission?: Permission): preHandlerAsyncHookHandler {
        return async (request) => {
          request.caller = await identify(request);
          if (!request.caller) throw new Unauthorized(MESSAGES.signInRequired);
          if (permission && !can(request.caller.role, permission)) throw new Forbidden(MESSAGES.denied);
        };
      },
      caller(request: FastifyRequest): Caller {
        if (!request.caller) throw new Unauthorized(MESSAGES.signInRequired);
        return request.caller;
      },
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
