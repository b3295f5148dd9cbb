import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm';

/**
 * Names (books, languages, churches, countries) are matched ignoring case, as the unique indexes on
 * lower(name) hold them: `Teevo`, `teevo` and `TEEVO` are one book.
 */
export const sameName = (column: AnyColumn, name: string): SQL => sql`lower(${column}) = lower(${name})`;

/** Names in alphabetical order, ignoring case. */
export const byName = (column: AnyColumn): SQL => asc(sql`lower(${column})`);
