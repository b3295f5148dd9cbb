import { type SQL, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../db/index.ts';

/**
 * The tables copied, each after the tables its foreign keys point to. Their rows go in as they are, every
 * column but the generated `accounts.search_text`, which PostgreSQL computes again.
 */
export const COPIED_TABLES = [
  'countries',
  'churches',
  'accounts',
  'account_tokens',
  'refresh_tokens',
  'languages',
  'books',
  'book_covers',
  'files',
  'downloads',
  'migration_reports',
  'settings',
  'edition_notices',
  'notification_deliveries',
  'edition_days',
  'edition_pages',
  'reminders',
  'push_subscriptions',
  'reminder_deliveries',
] as const;

/**
 * Kept by triggers from the copied tables (migrations 0004, 0005, 0007): the target's triggers fill them as
 * the accounts and downloads go in, as they do for every write of a running portal, so they are not copied.
 */
export const DERIVED_TABLES = ['account_list_state', 'download_counts', 'download_reader_numbers', 'download_readers'];

/** The one row of the time zone the rollups count days in: the source's replaces the migrations' 'UTC'. */
const ZONE_TABLE = 'download_stats_zone';
/** The one row of when the next mail may go (migration 0010): the target's own is as good. */
const PACER_TABLE = 'mail_pacer';
/** The last ten minutes' running totals of download bytes (migration 0012): a restored portal starts afresh. */
const PROGRESS_TABLE = 'download_progress';

/** Rows per insert, and characters: a batch of cover images stays small even when each is large. */
const BATCH_ROWS = 1000;
const BATCH_CHARACTERS = 8_000_000;
/** Rows per fetch from the source's cursor. */
const FETCH_ROWS = 100;

type Executor = Pick<Database, 'execute'>;

/** A statement's rows: both drivers' results have them under `rows`. */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

async function tablesOf(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * Copies an embedded database, opened (and so brought to the current schema by the migrations), into the
 * empty PostgreSQL database of `databaseUrl`, which the migrations give the same schema first; the rows then
 * go over in one transaction on the target, so that a failure leaves its tables empty. Returns the rows
 * copied per table.
 */
export async function copyEmbeddedIntoPostgres(source: Database, databaseUrl: string): Promise<Map<string, number>> {
  const unknown = (await tablesOf(source)).filter(
    (name) => ![...COPIED_TABLES, ...DERIVED_TABLES, ZONE_TABLE, PACER_TABLE, PROGRESS_TABLE].includes(name),
  );
  // A table added by a migration must be placed in one of the lists above: none is left behind unsaid.
  if (unknown.length > 0) {
    throw new Error(`The backup's database has tables the restore does not know how to copy: ${unknown.join(', ')}.`);
  }
  const target = await openDatabase({ databaseUrl });
  try {
    return await source.transaction((from) =>
      target.db.transaction(async (to) => {
        const [zone] = await rowsOf<{ time_zone: string }>(
          from,
          sql`select time_zone from ${sql.identifier(ZONE_TABLE)}`,
        );
        if (zone) await to.execute(sql`update ${sql.identifier(ZONE_TABLE)} set time_zone = ${zone.time_zone}`);
        const copied = new Map<string, number>();
        for (const table of COPIED_TABLES) copied.set(table, await copyTable(from, to, table));
        return copied;
      }),
    );
  } catch (error) {
    // The migrations committed before the copy began: the tables are there, with no rows.
    throw new Error(
      `${(error as Error).message.replace(/\.?$/, '.')} Nothing was copied, but the database now has the portal's tables, empty: drop it and create it again before restoring again.`,
      { cause: error },
    );
  } finally {
    await target.close();
  }
}

/**
 * Reads the table through a cursor, each row as JSON (full precision: microseconds, bytea as hex, bits as
 * text), and inserts batches of them with json_populate_recordset, which converts each value to its
 * column's type. Nothing holds more than one batch.
 */
async function copyTable(from: Executor, to: Executor, table: string): Promise<number> {
  const name = sql.identifier(table);
  const columns = await rowsOf<{ name: string }>(
    to,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  const list = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  let batch: string[] = [];
  let characters = 0;
  let copied = 0;
  const insert = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    await to.execute(
      sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${json}::json)`,
    );
    copied += batch.length;
    batch = [];
    characters = 0;
  };
  await from.execute(
    sql`declare copied_rows no scroll cursor for select row_to_json(t)::text as row from ${name} as t`,
  );
  for (;;) {
    const rows = await rowsOf<{ row: string }>(from, sql.raw(`fetch ${FETCH_ROWS} from copied_rows`));
    if (rows.length === 0) break;
    for (const { row } of rows) {
      batch.push(row);
      characters += row.length;
      if (batch.length >= BATCH_ROWS || characters >= BATCH_CHARACTERS) await insert();
    }
  }
  await insert();
  await from.execute(sql`close copied_rows`);
  return copied;
}
