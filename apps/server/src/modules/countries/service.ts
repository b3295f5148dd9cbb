import type { Country, CountryChanges } from '@portal/contract';
import { count, sql } from 'drizzle-orm';
import isoCountries from 'i18n-iso-countries';
import type { Database } from '../../db/index.ts';
import { accounts, churches, countries } from '../../db/schema.ts';

// Sorted here rather than in SQL: the database's collation may put accented names (Åland) after Z.
const collator = new Intl.Collator('en');

/** Rows per insert statement: far below PostgreSQL's limit of 65,535 parameters per statement. */
const BATCH = 1000;

/** The list, sorted, each name with its ISO 3166 code where it is a name (or another spelling) of the standard's. */
export async function listCountries(db: Database): Promise<Country[]> {
  const rows = await db.select({ name: countries.name }).from(countries);
  return rows
    .map((row) => row.name)
    .sort(collator.compare)
    .map((country) => ({ country, code: isoCountries.getAlpha2Code(country, 'en') ?? null }));
}

/**
 * Every English spelling of the countries whose name in `locale` has `word` ("espa" in Spanish: Spain), as the
 * list and the accounts store them; how the user list finds a country by the name its reader knows.
 */
export function countryNamesMatching(locale: string, word: string): string[] {
  const inLocale = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
  const needle = word.toLocaleLowerCase(locale);
  return Object.keys(isoCountries.getAlpha2Codes())
    .filter((code) => inLocale.of(code)?.toLocaleLowerCase(locale).includes(needle))
    .flatMap((code) => isoCountries.getName(code, 'en', { select: 'all' }) ?? []);
}

/** Replaces the whole list at once: either every name is in, or the old list stays. */
export async function replaceCountries(db: Database, names: string[]): Promise<number> {
  await db.transaction(async (tx) => {
    // Uploads take turns: two at once would each clear the list, then clash on the names the other inserted.
    // Readers are not blocked and see the old list until the commit.
    await tx.execute(sql`lock table ${countries} in exclusive mode`);
    await tx.delete(countries);
    for (let start = 0; start < names.length; start += BATCH) {
      await tx.insert(countries).values(names.slice(start, start + BATCH).map((name) => ({ name })));
    }
  });
  return names.length;
}

/** Names are one country whatever their case, as the list's lookups (db/names.ts) match them. */
const key = (name: string) => name.toLowerCase();

/** How many rows of a table name each country, by lowercased name. */
async function namedBy(db: Database, table: typeof churches | typeof accounts): Promise<Map<string, number>> {
  const name = sql<string>`lower(${table.country})`;
  const rows = await db.select({ name, uses: count() }).from(table).groupBy(name);
  return new Map(rows.map((row) => [row.name, row.uses]));
}

/** What replacing the list with these names would change; changes nothing itself. */
export async function countryChanges(db: Database, names: string[]): Promise<CountryChanges> {
  const today = (await db.select({ name: countries.name }).from(countries)).map((row) => row.name);
  const kept = new Set(names.map(key));
  const known = new Set(today.map(key));
  const added = names.filter((name) => !known.has(key(name))).sort(collator.compare);
  const removed = today.filter((name) => !kept.has(key(name))).sort(collator.compare);
  const [churchUses, accountUses] = [await namedBy(db, churches), await namedBy(db, accounts)];
  const inUse = removed
    .map((country) => ({
      country,
      churches: churchUses.get(key(country)) ?? 0,
      accounts: accountUses.get(key(country)) ?? 0,
    }))
    .filter((use) => use.churches > 0 || use.accounts > 0);
  return { current: today.length, count: names.length, added, removed, inUse };
}
