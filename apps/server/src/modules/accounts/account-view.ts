import type { Account as PublicAccount, Role } from '@portal/contract';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type Account, accounts, churches } from '../../db/schema.ts';

/** The account's public fields: what the API may show of it. */
export function toPublicAccount(account: Account, churchName: string | null): PublicAccount {
  return {
    id: account.id,
    title: account.title ?? '',
    firstName: account.firstName,
    lastName: account.lastName,
    fullName: `${account.firstName} ${account.lastName}`.trim(),
    email: account.email,
    role: account.role,
    church: account.churchId,
    churchName,
    country: account.country,
    address: account.address,
    isMember: account.isMember,
    isVerified: account.verifiedAt !== null,
    locale: account.locale,
    created: account.createdAt.toISOString(),
    updated: account.updatedAt.toISOString(),
  };
}

/** Accounts joined with their church's name. */
export function selectAccounts(db: Database) {
  return db
    .select({ account: getTableColumns(accounts), churchName: churches.name })
    .from(accounts)
    .leftJoin(churches, eq(churches.id, accounts.churchId));
}

export async function findPublicAccount(db: Database, id: string): Promise<PublicAccount | undefined> {
  const [row] = await selectAccounts(db).where(eq(accounts.id, id));
  return row && toPublicAccount(row.account, row.churchName);
}

/**
 * The role a download is made in, read as it is written: the account's role at that moment, whatever its
 * session or download link said when it was issued (decision 026).
 */
export const roleOf = (accountId: string): SQL<Role> =>
  sql`(select ${accounts.role} from ${accounts} where ${accounts.id} = ${accountId})`;

/** Every Super Admin, with when its password last changed (tokens from before then are void). */
export function listSuperAdmins(db: Database) {
  return db
    .select({ id: accounts.id, passwordChangedAt: accounts.passwordChangedAt })
    .from(accounts)
    .where(eq(accounts.role, 'Super Admin'));
}
