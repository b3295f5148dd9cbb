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

/** `text.signature`: the text and its HMAC-SHA256 under the key, base64url. Every signed token of the portal is one. */
function signed(text: string, key: string): string {
  return `${text}.${createHmac('sha256', key).update(text).digest('base64url')}`;
}

/** The text of a token `signed` made with this key; undefined for any other (tampered, or another key's). */
function verified(token: string, key: string): string | undefined {
  const text = token.slice(0, Math.max(0, token.lastIndexOf('.')));
  const expected = Buffer.from(signed(text, key));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? text : undefined;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * An HS256 JWT for the account, valid for `lifetimeSeconds`: the original accounts API's claims (`sub` and `id`,
 * `iat`, `exp`) and `iatMs`. No role: every request reads the account's role as it is now.
 */
export function signAccessToken(accountId: string, secret: string, lifetimeSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const claims = { sub: accountId, id: accountId, iat, iatMs: now, exp: iat + lifetimeSeconds };
  return signed(`${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`, secret);
}

/** The claims of a genuine, unexpired token; undefined for anything else. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | undefined {
  const [head, payload, ...rest] = verified(token, secret)?.split('.') ?? [];
  if (head !== header || !payload || rest.length > 0) return undefined;
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
  return signed(`${first}.${second}.${Math.floor(now / 1000) + lifetimeSeconds}`, `${purpose}:${secret}`);
}

/** The ids of a genuine token for `purpose`, and whether it has expired; undefined for anything else. */
export function readLinkToken(
  purpose: string,
  token: string,
  secret: string,
  now = Date.now(),
): { ids: [string, string]; expired: boolean } | undefined {
  const parts = verified(token, `${purpose}:${secret}`)?.split('.');
  if (parts?.length !== 3) return undefined;
  const [first, second, expires] = parts as [string, string, string];
  return { ids: [first, second], expired: Number(expires) * 1000 <= now };
}
