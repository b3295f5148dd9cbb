import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, ACCOUNT_MESSAGES, REFRESH_TOKEN_DAYS, type Session } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accounts, refreshTokens } from '../../db/schema.ts';
import { Unauthorized } from '../../errors.ts';
import { findPublicAccount } from './account-view.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { hashOpaqueToken, newOpaqueToken, signAccessToken } from './tokens.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  session: Session;
  refreshToken: string;
  refreshExpires: Date;
}

const REFRESH_MS = REFRESH_TOKEN_DAYS * 24 * 3600 * 1000;
// Compared against when the address is unknown, so both answers take the same time.
const decoyHash = hashPassword('decoy password that matches nothing');

async function issue(db: Database, secret: string, accountId: string, familyId: string, client: ClientInfo) {
  const account = await findPublicAccount(db, accountId);
  if (!account) throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  const { token, hash } = newOpaqueToken();
  const refreshExpires = new Date(Date.now() + REFRESH_MS);
  const [row] = await db
    .insert(refreshTokens)
    .values({
      accountId,
      tokenHash: hash,
      familyId,
      expiresAt: refreshExpires,
      createdByIp: client.ip,
      userAgent: client.userAgent,
    })
    .returning({ id: refreshTokens.id });
  const jwtToken = signAccessToken({ sub: account.id, role: account.role }, secret, ACCESS_TOKEN_SECONDS);
  return { session: { ...account, jwtToken }, refreshToken: token, refreshExpires, tokenId: row?.id };
}

export async function authenticate(
  db: Database,
  secret: string,
  credentials: { email: string; password: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, credentials.email));
  const matches = await verifyPassword(account?.passwordHash ?? (await decoyHash), credentials.password);
  if (!account || !matches) throw new Unauthorized(ACCOUNT_MESSAGES.wrongCredentials);
  if (!account.verifiedAt) throw new Unauthorized(ACCOUNT_MESSAGES.notVerified);
  if (needsRehash(account.passwordHash)) {
    const passwordHash = await hashPassword(credentials.password);
    await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
  }
  return startSessionFor(db, secret, account.id, client);
}

/** A new session for an account already proven to be its owner (e.g. right after a password change). */
export function startSessionFor(
  db: Database,
  secret: string,
  accountId: string,
  client: ClientInfo,
): Promise<SignedIn> {
  return issue(db, secret, accountId, randomUUID(), client);
}

/**
 * Swaps a refresh token for a new one and a new access token. A token that was already swapped is a
 * sign of theft: its whole family is revoked, so the thief and the owner both have to sign in again.
 */
export async function refresh(
  db: Database,
  secret: string,
  token: string | undefined,
  client: ClientInfo,
): Promise<SignedIn> {
  if (!token) throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  const [current] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (!current || current.expiresAt.getTime() <= Date.now()) throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  if (current.revokedAt) {
    if (current.replacedBy) await revokeFamily(db, current.familyId);
    throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  }
  const next = await issue(db, secret, current.accountId, current.familyId, client);
  const [rotated] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), replacedBy: next.tokenId })
    .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (!rotated) {
    // Another request rotated the same token at the same moment: treat it as reuse.
    await revokeFamily(db, current.familyId);
    throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  }
  return next;
}

export async function revoke(db: Database, token: string | undefined): Promise<void> {
  if (!token) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, hashOpaqueToken(token)), isNull(refreshTokens.revokedAt)));
}

async function revokeFamily(db: Database, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs an account out everywhere, e.g. after its password changed. */
export async function revokeAllSessions(db: Database, accountId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt)));
}
