import type { Account as PublicAccount } from '@portal/contract';
import { eq, getTableColumns } from 'drizzle-orm';
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
