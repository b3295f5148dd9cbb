import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { can, MESSAGES, type Permission, type Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { accounts, settings } from '../../db/schema.ts';
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
      /** An onRequest hook admitting a signed-in caller who has the permission (anyone signed in when none is named). */
      require(permission?: Permission): onRequestAsyncHookHandler;
      /** Whom a request admitted by `require` came from. */
      caller(request: FastifyRequest): Caller;
    };
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const SECRET_SETTING = 'jwt-secret';

/**
 * JWT_SECRET, or a secret made once and kept in the database: every instance on it signs and accepts the
 * same tokens. A portal from before kept it in DATA_DIR/jwt-secret; it moves into the database, so
 * sessions outlive the upgrade.
 */
async function loadSecret(config: Config, db: Database): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, SECRET_SETTING);
  const earlier = (await readFile(file, 'utf8').catch(() => '')).trim();
  const made = earlier.length >= 32 ? earlier : randomBytes(48).toString('base64url');
  // Instances starting together each offer one; the first kept is everyone's.
  await db.insert(settings).values({ name: SECRET_SETTING, value: made }).onConflictDoNothing();
  const [kept] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, SECRET_SETTING));
  if (!kept) throw new Error('the token secret could not be kept in the database');
  if (earlier) await rm(file, { force: true });
  return kept.value;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const secret = await loadSecret(config, app.db);

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
      require(permission?: Permission): onRequestAsyncHookHandler {
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
