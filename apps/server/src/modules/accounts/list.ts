import type { AccountPage, AccountSortField, accountListQuerySchema, Locale } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { accountListState, accounts, churches } from '../../db/schema.ts';
import { contains, containsPattern, searchWords } from '../../db/search.ts';
import { countryNamesMatching } from '../countries/service.ts';
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

/**
 * Every word must appear in a name, the e-mail, the country (in English, or in the reader's `locale`) or the church
 * name ("ama ghana"). On the
 * account's side its lowercased search_text is matched with `like lower(...)`, which is what `ilike` does
 * in a UTF-8 database, without lowercasing every row again. The church's side is the ids of the churches
 * whose name has the word, not a join, so that each side of the OR is answered by an index of accounts
 * (accounts_search_text_idx, accounts_church_id_idx).
 */
function searchCondition(search: string, locale: Locale | undefined): SQL | undefined {
  return and(
    ...searchWords(search).map((word) => {
      const countries = locale ? countryNamesMatching(locale, word) : [];
      return or(
        sql`${accounts.searchText} like lower(${containsPattern(word)})`,
        countries.length > 0 ? inArray(accounts.country, countries) : undefined,
        sql`${accounts.churchId} = any(array(select ${churches.id} from ${churches} where ${contains(sql`${churches.name}`, word)}))`,
      );
    }),
  );
}

/**
 * The chosen column, then the id, both ascending or both descending; accounts without a country or church
 * last. `reversed` is the same order read from its end.
 */
function ordering(field: AccountSortField, ascending: boolean, reversed: boolean): SQL[] {
  const direction = ascending === reversed ? desc : asc;
  const column = direction(sortColumns[field]);
  const nulls = reversed ? sql`nulls first` : sql`nulls last`;
  return [nullable.has(field) ? sql`${column} ${nulls}` : column, direction(accounts.id)];
}

/**
 * Where the page lies, counted from whichever end of the list is nearer, so the last page costs what the
 * first does; undefined when the page starts past the end.
 */
function pageWindow(first: number, rows: number, total: number) {
  const remaining = total - first;
  if (remaining <= 0) return undefined;
  if (remaining >= first + rows) return { offset: first, limit: rows, reversed: false };
  return { offset: Math.max(0, remaining - rows), limit: Math.min(rows, remaining), reversed: true };
}

/** Totals of searches by the version of the accounts they were counted in (`version words`), oldest first. */
const searchTotals = new Map<string, number>();
const MAX_SEARCH_TOTALS = 500;

/**
 * The number of matching accounts. All of them are counted by account_list_state's triggers; a search is
 * counted once for each version of the accounts, so paging through its results reads only the pages.
 */
async function countAccounts(db: Database, search: string, locale: string, where: SQL | undefined): Promise<number> {
  const [state] = await db.select().from(accountListState);
  if (!state) throw new Error('account_list_state has lost its row (migration 0005 writes it)');
  if (!where) return state.accounts;
  const key = `${state.version} ${locale} ${searchWords(search).join(' ')}`;
  const known = searchTotals.get(key);
  if (known !== undefined) return known;
  const [row] = await db.select({ total: count() }).from(accounts).where(where);
  const total = row?.total ?? 0;
  searchTotals.set(key, total);
  const [oldest] = searchTotals.keys();
  if (searchTotals.size > MAX_SEARCH_TOTALS && oldest !== undefined) searchTotals.delete(oldest);
  return total;
}

/**
 * One page of the user list with the number of matching accounts. The id breaks ties so pages never
 * overlap. The page's ids are found first, from the indexes alone where the order has one, and only those
 * accounts are read (a deferred join): a page deep in the list skips index entries, not rows.
 */
export async function listAccountPage(
  db: Database,
  query: z.output<typeof accountListQuerySchema>,
): Promise<AccountPage> {
  const where = searchCondition(query.search, query.locale);
  const total = await countAccounts(db, query.search, query.locale ?? '', where);
  const window = pageWindow(query.first, query.rows, total);
  if (!window) return { items: [], total };
  const ascending = query.sortOrder === 1;
  const ids = db.select({ id: accounts.id }).from(accounts).$dynamic();
  // Without the join the page's ids of a deep page come from an index-only scan.
  const page = (query.sortField === 'churchName' ? ids.leftJoin(churches, eq(churches.id, accounts.churchId)) : ids)
    .where(where)
    .orderBy(...ordering(query.sortField, ascending, window.reversed))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const rows = await selectAccounts(db)
    .innerJoin(page, eq(page.id, accounts.id))
    .orderBy(...ordering(query.sortField, ascending, false));
  return { items: rows.map((row) => toPublicAccount(row.account, row.churchName)), total };
}
