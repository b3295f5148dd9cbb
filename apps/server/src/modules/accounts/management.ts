import {
  ACCOUNT_MESSAGES,
  accountsMovedMessage,
  can,
  type createAccountSchema,
  MESSAGES,
  type MovedAccounts,
  type moveAccountsSchema,
  type Account as PublicAccount,
  type updateAccountSchema,
} from '@portal/contract';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { type Account, accounts, churches } from '../../db/schema.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors.ts';
import { emailTaken } from '../../original-words.ts';
import { hashPassword, verifyPassword } from '../../passwords.ts';
import type { Caller } from '../../plugins/auth/auth.ts';
import { orConflict } from '../records.ts';
import { findPublicAccount, selectAccounts, toPublicAccount } from './account-view.ts';

async function load(db: Database, id: string): Promise<Account> {
  const [account] = isUuid(id) ? await db.select().from(accounts).where(eq(accounts.id, id)) : [];
  if (!account) throw new NotFound(ACCOUNT_MESSAGES.accountNotFound);
  return account;
}

export async function checkChurch(db: Database, churchId: string | null | undefined) {
  if (!churchId) return;
  const [church] = isUuid(churchId)
    ? await db.select({ id: churches.id }).from(churches).where(eq(churches.id, churchId))
    : [];
  if (!church) throw new BadRequest(ACCOUNT_MESSAGES.churchNotFound);
}

/** Refuses an address another account has; `exceptId` is the account whose address changes. */
async function checkEmailFree(db: Database, email: string, exceptId?: string) {
  const condition = exceptId ? and(eq(accounts.email, email), ne(accounts.id, exceptId)) : eq(accounts.email, email);
  const [taken] = await db.select({ id: accounts.id }).from(accounts).where(condition);
  if (taken) throw new Conflict(emailTaken(email, exceptId !== undefined));
}

/** Admins may not touch Super Admins or make one; everyone else only themselves. */
function assertMayManage(caller: Caller, target: Pick<Account, 'id' | 'role'>) {
  if (caller.id === target.id) return;
  if (!can(caller.role, 'accounts:manage')) throw new Forbidden(MESSAGES.denied);
  if (target.role === 'Super Admin' && !can(caller.role, 'accounts:manage-super-admins'))
    throw new Forbidden(ACCOUNT_MESSAGES.superAdminOnly);
}

/** People changing their own password or e-mail, or deleting their account, prove it is them; `missing` asks for it. */
async function confirmOwnPassword(target: Account, currentPassword: string | undefined, missing: string) {
  if (!currentPassword) throw new BadRequest(missing);
  if (!(await verifyPassword(target.passwordHash, currentPassword))) {
    throw new BadRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
  }
}

export async function listAccounts(db: Database): Promise<PublicAccount[]> {
  const rows = await selectAccounts(db).orderBy(desc(accounts.createdAt));
  return rows.map((row) => toPublicAccount(row.account, row.churchName));
}

export async function getAccount(db: Database, caller: Caller, id: string): Promise<PublicAccount> {
  const account = await load(db, id);
  assertMayManage(caller, account);
  return (await findPublicAccount(db, account.id)) as PublicAccount;
}

export async function createAccount(db: Database, caller: Caller, input: z.output<typeof createAccountSchema>) {
  if (input.role === 'Super Admin' && !can(caller.role, 'accounts:manage-super-admins'))
    throw new Forbidden(ACCOUNT_MESSAGES.superAdminOnly);
  await checkEmailFree(db, input.email);
  await checkChurch(db, input.church);
  const [created] = await orConflict(
    db
      .insert(accounts)
      .values({
        title: input.title,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        churchId: input.church,
        country: input.country,
        address: input.address,
        isMember: input.isMember,
        acceptTerms: true,
        verifiedAt: input.isVerified ? new Date() : null,
      })
      .returning(),
    emailTaken(input.email, false),
  );
  return (await findPublicAccount(db, (created as Account).id)) as PublicAccount;
}

/** Applies an update within the caller's rights; says whether the password changed. */
export async function updateAccount(
  db: Database,
  caller: Caller,
  id: string,
  input: z.output<typeof updateAccountSchema>,
): Promise<{ account: PublicAccount; passwordChanged: boolean }> {
  const target = await load(db, id);
  assertMayManage(caller, target);
  const self = caller.id === target.id;
  const roleChanges = input.role !== undefined && input.role !== target.role;
  const verifiedChanges = input.isVerified !== undefined && input.isVerified !== (target.verifiedAt !== null);
  const emailChanges = input.email !== undefined && input.email !== target.email;
  if (self && (roleChanges || verifiedChanges || (emailChanges && !can(caller.role, 'accounts:change-own-email')))) {
    throw new Forbidden(ACCOUNT_MESSAGES.ownRoleLocked);
  }
  if (roleChanges && input.role === 'Super Admin' && !can(caller.role, 'accounts:manage-super-admins')) {
    throw new Forbidden(ACCOUNT_MESSAGES.superAdminOnly);
  }
  const passwordChanged = Boolean(input.password);
  if (self && (passwordChanged || emailChanges)) {
    await confirmOwnPassword(target, input.currentPassword, ACCOUNT_MESSAGES.currentPasswordRequired);
  }
  if (emailChanges) await checkEmailFree(db, input.email as string, target.id);
  if (input.church !== undefined) await checkChurch(db, input.church);

  const changes = {
    title: input.title,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    churchId: input.church,
    country: input.country,
    address: input.address,
    isMember: input.isMember,
    role: input.role,
    locale: input.locale,
    verifiedAt: verifiedChanges ? (input.isVerified ? new Date() : null) : undefined,
    ...(passwordChanged
      ? { passwordHash: await hashPassword(input.password as string), passwordChangedAt: new Date() }
      : {}),
  };
  // Saving an unchanged form sends nothing to set: the account stays as it is.
  if (Object.values(changes).some((value) => value !== undefined)) {
    await orConflict(
      db.update(accounts).set(changes).where(eq(accounts.id, target.id)),
      emailTaken(input.email ?? target.email, true),
    );
  }
  return { account: (await findPublicAccount(db, target.id)) as PublicAccount, passwordChanged };
}

/**
 * Deletes an account. One's own needs its password, except from a front end on another site that CORS_ORIGINS
 * admits (`passwordOptional`): clients of the original API delete without one.
 */
export async function deleteAccount(
  db: Database,
  caller: Caller,
  id: string,
  { currentPassword, passwordOptional }: { currentPassword: string | undefined; passwordOptional: boolean },
) {
  const target = await load(db, id);
  assertMayManage(caller, target);
  if (caller.id === target.id && (currentPassword !== undefined || !passwordOptional)) {
    await confirmOwnPassword(target, currentPassword, ACCOUNT_MESSAGES.deleteConfirmRequired);
  }
  if (target.role === 'Super Admin') {
    const [superAdmins] = await db.select({ n: count() }).from(accounts).where(eq(accounts.role, 'Super Admin'));
    if ((superAdmins?.n ?? 0) <= 1) throw new Conflict(ACCOUNT_MESSAGES.lastSuperAdmin);
  }
  await db.delete(accounts).where(eq(accounts.id, target.id));
}

/**
 * Moves accounts to a church, all or none: an Admin may move no Super Admin, as when editing one. Ids of
 * accounts that no longer exist are skipped, so a selection made before someone deleted one still moves the
 * rest. The church's row is held (FOR SHARE) so that it can't be deleted under the move.
 */
export async function moveAccountsToChurch(
  db: Database,
  caller: Caller,
  { ids, churchId }: z.output<typeof moveAccountsSchema>,
): Promise<MovedAccounts> {
  const known = ids.filter(isUuid);
  return db.transaction(async (tx) => {
    const [church] = isUuid(churchId)
      ? await tx
          .select({ id: churches.id, name: churches.name, country: churches.country })
          .from(churches)
          .where(eq(churches.id, churchId))
          .for('share')
      : [];
    if (!church) throw new BadRequest(ACCOUNT_MESSAGES.churchNotFound);
    const targets =
      known.length > 0
        ? await tx
            .select({ id: accounts.id, role: accounts.role })
            .from(accounts)
            .where(inArray(accounts.id, known))
            .for('update')
        : [];
    for (const target of targets) assertMayManage(caller, target);
    if (targets.length > 0) {
      const moving = targets.map((target) => target.id);
      await tx.update(accounts).set({ churchId: church.id }).where(inArray(accounts.id, moving));
    }
    return { message: accountsMovedMessage(targets.length, church).message, moved: targets.length };
  });
}
