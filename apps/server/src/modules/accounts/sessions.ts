import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, ACCOUNT_MESSAGES, REFRESH_TOKEN_DAYS, type Session } from '@portal/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accounts, refreshTokens } from '../../db/schema.ts';
import { BadRequest, Unauthorized } from '../../errors.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../passwords.ts';
import { hashOpaqueToken, newOpaqueToken, signAccessToken } from '../../plugins/auth/tokens.ts';
import { findPublicAccount } from './account-view.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  session: Session;
  refreshToken: string;
  refreshExpires: Date;
}

/** A sign-in with an unknown address or a wrong password: what guessing looks like. */
export class WrongCredentials extends Unauthorized {
  constructor() {
    super(ACCOUNT_MESSAGES.wrongCredentials);
  }
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
  const jwtToken = signAccessToken(account.id, secret, ACCESS_TOKEN_SECONDS);
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
  if (!account || !matches) throw new WrongCredentials();
  if (!account.verifiedAt) throw new Unauthorized(ACCOUNT_MESSAGES.notVerified);
  if (needsRehash(account.passwordHash)) {
    const passwordHash = await hashPassword(credentials.password);
    await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
  }
  return startSessionFor(db, secret, account.id, client);
}

/** Whether the account has signed in from this client address before (its sessions remember where). */
export async function signedInBeforeFrom(db: Database, email: string, ip: string): Promise<boolean> {
  const [known] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .innerJoin(accounts, eq(accounts.id, refreshTokens.accountId))
    .where(and(eq(accounts.email, email), eq(refreshTokens.createdByIp, ip)))
    .limit(1);
  return known !== undefined;
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
 * Swaps a refresh token for a new one and a new access token. A token rotated within the last
 * `graceSeconds` gets another token of its family (two tabs, or a phone waking up, refreshing at once),
 * while the family is still signed in. A rotated token presented later is a sign of theft: its whole
 * family is revoked, so the thief and the owner both have to sign in again.
 */
export async function refresh(
  db: Database,
  secret: string,
  token: string | undefined,
  client: ClientInfo,
  graceSeconds: number,
): Promise<SignedIn> {
  if (!token) throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  const [current] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (!current || current.expiresAt.getTime() <= Date.now()) throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  if (current.revokedAt) {
    const rotatedJustNow = current.replacedBy && Date.now() - current.revokedAt.getTime() <= graceSeconds * 1000;
    if (rotatedJustNow && (await familyIsLive(db, current.familyId))) {
      return issue(db, secret, current.accountId, current.familyId, client);
    }
    if (current.replacedBy && !rotatedJustNow) await revokeFamily(db, current.familyId);
    throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
  }
  const next = await issue(db, secret, current.accountId, current.familyId, client);
  const [rotated] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), replacedBy: next.tokenId })
    .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (rotated) return next;
  // Another request rotated the same token at the same moment: the new token is a sibling, unless the
  // token was revoked instead (signed out, or a new password) while this one was issued.
  const [meanwhile] = await db
    .select({ replacedBy: refreshTokens.replacedBy })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, current.id));
  if (meanwhile?.replacedBy) return next;
  await revokeFamily(db, current.familyId);
  throw new Unauthorized(ACCOUNT_MESSAGES.sessionExpired);
}

/** Whether a family still has a usable token: signing out, a new password or theft leave it none. */
async function familyIsLive(db: Database, familyId: string) {
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/**
 * Signs out: ends the session the token belongs to, with every token its refreshes made. Without a token there
 * is nothing to end (400, as the original API answers); one already ended or unknown is ended, so that is no error.
 */
export async function revoke(db: Database, token: string | undefined): Promise<void> {
  if (!token) throw new BadRequest(ACCOUNT_MESSAGES.tokenRequired);
  const [found] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (found) await revokeFamily(db, found.familyId);
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
