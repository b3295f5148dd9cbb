import type { Country } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { countries } from '../../db/schema.ts';

// Sorted here rather than in SQL: the database's collation may put accented names (Åland) after Z.
const collator = new Intl.Collator('en');

/** Rows per insert statement: far below PostgreSQL's limit of 65,535 parameters per statement. */
const BATCH = 1000;

export async function listCountries(db: Database): Promise<Country[]> {
  const rows = await db.select({ name: countries.name }).from(countries);
  return rows
    .map((row) => row.name)
    .sort(collator.compare)
    .map((country) => ({ country }));
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
