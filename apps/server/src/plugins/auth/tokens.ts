import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random value for a link or cookie, and the hash that is all the database keeps of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface AccessClaims {
  /** The account's id; `id` says it again, as the original accounts API's tokens do. */
  sub: string;
  id: string;
  iat: number;
  exp: number;
  /** Issue time in milliseconds: `iat` is whole seconds, too coarse to tell a token from a password change. */
  iatMs: number;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string) {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

/**
 * An HS256 JWT for the account, valid for `lifetimeSeconds`: the original accounts API's claims (`sub` and `id`,
 * `iat`, `exp`) and `iatMs`. No role: every request reads the account's role as it is now.
 */
export function signAccessToken(accountId: string, secret: string, lifetimeSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const claims = { sub: accountId, id: accountId, iat, iatMs: now, exp: iat + lifetimeSeconds };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${header}.${payload}.${sign(`${header}.${payload}`, secret)}`;
}

/** The claims of a genuine, unexpired token; undefined for anything else. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head, payload, signature] = parts;
  if (head !== header || !payload || !signature) return undefined;
  const expected = Buffer.from(sign(`${head}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.iatMs !== 'number') {
      return undefined;
    }
    return claims.exp * 1000 > now ? claims : undefined;
  } catch {
    return undefined;
  }
}

const linkSignature = (purpose: string, payload: string, secret: string) =>
  createHmac('sha256', `${purpose}:${secret}`).update(payload).digest('base64url');

/**
 * A link's token: two ids and when it expires (`first.second.expires.signature`), signed for one purpose
 * (`download`, `unsubscribe`), so that a token made for one is worthless for the other.
 */
export function signLinkToken(
  purpose: string,
  [first, second]: [string, string],
  lifetimeSeconds: number,
  secret: string,
  now = Date.now(),
): string {
  const payload = `${first}.${second}.${Math.floor(now / 1000) + lifetimeSeconds}`;
  return `${payload}.${linkSignature(purpose, payload, secret)}`;
}

/** The ids of a genuine token for `purpose`, and whether it has expired; undefined for anything else. */
export function readLinkToken(
  purpose: string,
  token: string,
  secret: string,
): { ids: [string, string]; expired: boolean } | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [first, second, expires, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(linkSignature(purpose, `${first}.${second}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { ids: [first, second], expired: Number(expires) * 1000 <= Date.now() };
}
