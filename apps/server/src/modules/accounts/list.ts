import type { AccountPage, AccountSortField, accountListQuerySchema } from '@portal/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { accounts, churches } from '../../db/schema.ts';
import { selectAccounts, toPublicAccount } from './account-view.ts';

const sortColumns: Record<AccountSortField, AnyPgColumn | SQL> = {
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  role: accounts.role,
  country: accounts.country,
  churchName: churches.name,
  isMember: accounts.isMember,
  isVerified: sql`(${accounts.verifiedAt} is not null)`,
  created: accounts.createdAt,
  createdAt: accounts.createdAt,
};

/** Accounts without a country or church come last in either direction. */
const nullable: ReadonlySet<AccountSortField> = new Set(['country', 'churchName']);

/** Words beyond this many are ignored: each adds five more ILIKE tests on every row. */
const MAX_SEARCH_WORDS = 5;

/** `%`, `_` and `\` match literally: a search for "50%" means those characters. */
const literalPattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** Every word must appear in a name, the e-mail, the country or the church name ("ama ghana"). */
function searchCondition(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  return and(
    ...words.map((word) => {
      const pattern = literalPattern(word);
      return or(
        ilike(accounts.firstName, pattern),
        ilike(accounts.lastName, pattern),
        ilike(accounts.email, pattern),
        ilike(accounts.country, pattern),
        ilike(churches.name, pattern),
      );
    }),
  );
}

/**
 * One page of the user list with the number of matching accounts. The id breaks ties so pages never
 * overlap; without a search the default order walks the created_at index and the count skips the join.
 */
export async function listAccountPage(
  db: Database,
  query: z.output<typeof accountListQuerySchema>,
): Promise<AccountPage> {
  const where = searchCondition(query.search);
  const direction = query.sortOrder === 1 ? asc : desc;
  const sorted = direction(sortColumns[query.sortField]);
  const rows = await selectAccounts(db)
    .where(where)
    .orderBy(nullable.has(query.sortField) ? sql`${sorted} nulls last` : sorted, direction(accounts.id))
    .limit(query.rows)
    .offset(query.first);
  const counted = db.select({ total: count() }).from(accounts);
  const [totals] = where
    ? await counted.leftJoin(churches, eq(churches.id, accounts.churchId)).where(where)
    : await counted;
  return { items: rows.map((row) => toPublicAccount(row.account, row.churchName)), total: totals?.total ?? 0 };
}
