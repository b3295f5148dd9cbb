import { setTimeout as delay } from 'node:timers/promises';
import {
  ACCOUNT_MESSAGES,
  NO_CHURCH,
  RESET_TOKEN_HOURS,
  type registerSchema,
  VERIFY_TOKEN_HOURS,
} from '@portal/contract';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { type Account, accounts, accountTokens } from '../../db/schema.ts';
import { BadRequest, HttpError } from '../../errors.ts';
import { hashPassword } from '../../passwords.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../plugins/auth/tokens.ts';
import type { Mail, MailContext } from '../../plugins/mail.ts';
import { alreadyRegisteredMail, passwordChangedMail, type Recipient, resetMail, verificationMail } from './mails.ts';
import { checkChurch } from './management.ts';
import { revokeAllSessions } from './sessions.ts';

type Purpose = 'verify-email' | 'reset-password';
const HOURS: Record<Purpose, number> = { 'verify-email': VERIFY_TOKEN_HOURS, 'reset-password': RESET_TOKEN_HOURS };
/** The pages mailed links open, at the paths the original API's front ends have them too. */
const PAGES = {
  'verify-email': '/account/verify-email',
  'reset-password': '/account/reset-password',
  'forgot-password': '/account/forgot-password',
} as const;
function splitFullName(input: z.output<typeof registerSchema>) {
  if (!input.fullName) return { firstName: input.firstName ?? '', lastName: input.lastName ?? '' };
  const [firstName = '', ...rest] = input.fullName.split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

async function createToken(db: Database, accountId: string, purpose: Purpose): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db.insert(accountTokens).values({
    accountId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + HOURS[purpose] * 3600 * 1000),
  });
  return token;
}

/**
 * How long register waits for its mail: one that fails by then (an outbox on a full disk, an SMTP server
 * that refuses it) fails the registration; a slower one goes on in the background as the other mails do.
 */
const MAIL_WAIT_MS = 5_000;

/** Hands a mail over; settles with whether it went, a failure logged. */
const sent = (context: MailContext, mail: Mail | Promise<Mail>) =>
  context.mail.send(mail).then(
    () => true,
    (error: unknown) => {
      context.log.error({ err: error }, 'mail failed');
      return false;
    },
  );

/**
 * Hands a mail over without waiting for it, so how long the answer takes does not tell whether mail
 * went out (and so whether an address is registered). Mail is best effort: a failure is logged and
 * the person can ask again (forgot-password resends).
 */
function sendInBackground(context: MailContext, mail: Mail | Promise<Mail>) {
  void sent(context, mail);
}

/** False when the mail failed within MAIL_WAIT_MS; true when it went or is still going. */
const sentWithin = (context: MailContext, mail: Mail | Promise<Mail>) =>
  Promise.race([sent(context, mail), delay(MAIL_WAIT_MS, true, { ref: false })]);

type Addressee = Pick<Account, 'email' | 'firstName' | 'lastName' | 'locale'>;

/** An account as its mails address it: in the language it chose, else in its browser's. */
const recipient = (context: MailContext, account: Addressee): Recipient => ({
  email: account.email,
  name: `${account.firstName} ${account.lastName}`.trim(),
  locale: account.locale ?? context.locale,
});

/**
 * Registers an account; the answer is the same whether or not the address was already registered, and so is
 * the work before it: the password hashed, the address looked up, an insert tried (a taken address stops it),
 * a token written and one mail waited for, whose failure the answer says. A new account gets its verification
 * link; the owner of a taken address, a link to choose a new password.
 */
export async function register(context: MailContext, parsed: z.output<typeof registerSchema>) {
  const { db } = context;
  const churchId = parsed.isMember && parsed.church && parsed.church !== NO_CHURCH ? parsed.church : null;
  await checkChurch(db, churchId);
  const passwordHash = await hashPassword(parsed.password);
  const [existing] = await db.select().from(accounts).where(eq(accounts.email, parsed.email));
  const [created] = await db
    .insert(accounts)
    .values({
      ...splitFullName(parsed),
      title: parsed.title || null,
      email: parsed.email,
      passwordHash,
      churchId,
      country: parsed.country,
      address: parsed.address,
      isMember: parsed.isMember,
      acceptTerms: parsed.acceptTerms,
      locale: parsed.locale ?? null,
      notifyEditions: parsed.notifyEditions,
    })
    .onConflictDoNothing({ target: accounts.email })
    .returning();
  const account = created ?? existing;
  // Taken between the look-up and the insert: that other registration mails its owner.
  if (!account) return;
  const purpose: Purpose = created ? 'verify-email' : 'reset-password';
  const token = await createToken(db, account.id, purpose);
  const to = recipient(context, { ...account, locale: account.locale ?? parsed.locale ?? null });
  const url = `${context.link(PAGES[purpose], to.locale)}?token=${token}`;
  const mail = created ? verificationMail(to, url, VERIFY_TOKEN_HOURS) : alreadyRegisteredMail(to, url);
  if (!(await sentWithin(context, mail))) {
    // Nothing is kept of a new account, so that registering again works as the first time did.
    if (created) await db.delete(accounts).where(eq(accounts.id, created.id));
    throw new HttpError(503, ACCOUNT_MESSAGES.mailFailed);
  }
}

/** Marks a token used and returns its account, if it is genuine, unused, unexpired and for this purpose. */
async function useToken(db: Database, token: string, purpose: Purpose, consume: boolean) {
  const now = new Date();
  const condition = and(
    eq(accountTokens.tokenHash, hashOpaqueToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
  const [row] = consume
    ? await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(condition)
        .returning({ accountId: accountTokens.accountId })
    : await db.select({ accountId: accountTokens.accountId }).from(accountTokens).where(condition);
  return row?.accountId;
}

/**
 * Verifies the address of a genuine, unused verification token. A link opened again (used, or expired after the
 * address was verified another way) says so: only the holder of the mailed token learns that its own address is
 * verified, and a forged token still fails, so nothing tells whether an address is registered (decision 024).
 */
export async function verifyEmail(db: Database, token: string) {
  const accountId = await useToken(db, token, 'verify-email', true);
  if (accountId) {
    await db
      .update(accounts)
      .set({ verifiedAt: new Date() })
      .where(and(eq(accounts.id, accountId), isNull(accounts.verifiedAt)));
    return ACCOUNT_MESSAGES.verified;
  }
  const [verified] = await db
    .select({ id: accounts.id })
    .from(accountTokens)
    .innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashOpaqueToken(token)),
        eq(accountTokens.purpose, 'verify-email'),
        isNotNull(accounts.verifiedAt),
      ),
    );
  if (!verified) throw new BadRequest(ACCOUNT_MESSAGES.verifyFailed);
  return ACCOUNT_MESSAGES.alreadyVerified;
}

/** Sends a reset link when the address is registered; says nothing either way. Works as resend for unverified accounts. */
export async function forgotPassword(context: MailContext, email: string) {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.email, email));
  if (!account) return;
  // The token is written after answering too, so a known address answers as fast as an unknown one.
  const to = recipient(context, account);
  const mail = createToken(context.db, account.id, 'reset-password').then((token) =>
    resetMail(to, `${context.link(PAGES['reset-password'], to.locale)}?token=${token}`, RESET_TOKEN_HOURS),
  );
  sendInBackground(context, mail);
}

export async function validateResetToken(db: Database, token: string) {
  if (!(await useToken(db, token, 'reset-password', false))) throw new BadRequest(ACCOUNT_MESSAGES.tokenInvalid);
  return ACCOUNT_MESSAGES.tokenValid;
}

/** Sets the new password, verifies the address (the mailed link proves it) and ends every session. */
export async function resetPassword(context: MailContext, token: string, password: string) {
  const { db } = context;
  const accountId = await useToken(db, token, 'reset-password', true);
  if (!accountId) throw new BadRequest(ACCOUNT_MESSAGES.tokenInvalid);
  const now = new Date();
  const [account] = await db
    .update(accounts)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: now })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!account) throw new BadRequest(ACCOUNT_MESSAGES.tokenInvalid);
  if (!account.verifiedAt) await db.update(accounts).set({ verifiedAt: now }).where(eq(accounts.id, accountId));
  await afterPasswordChange(context, account);
}

/**
 * What any new password ends: every session, and reset links mailed earlier (they would still let their
 * holder choose a password). The owner is told, with a way back in if it was not them.
 */
export async function afterPasswordChange(context: MailContext, account: Pick<Account, 'id'> & Addressee) {
  await context.db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.accountId, account.id),
        eq(accountTokens.purpose, 'reset-password'),
        isNull(accountTokens.usedAt),
      ),
    );
  await revokeAllSessions(context.db, account.id);
  const to = recipient(context, account);
  sendInBackground(context, passwordChangedMail(to, context.link(PAGES['forgot-password'], to.locale)));
}
