import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../../db/index.ts';
import { rowsOf } from './to-postgres.ts';

/** Why a staged database was refused: the cause's own words (PostgreSQL names the page and the file). */
function damaged(error: unknown) {
  const cause = (error as { cause?: unknown }).cause;
  const reason = (cause instanceof Error ? cause : (error as Error)).message;
  return new Error(`The backup's database is damaged and was not restored: ${reason}`, { cause: error });
}

/**
 * Opens the embedded database of a backup being restored, in the staging folder (`folder/db`), and reads
 * every table through, its long values too: a damaged one (a zeroed pg_control, relation files of random
 * bytes) fails here, before it replaces or fills anything. Its migrations run, as at a portal's start.
 */
export async function openRestoredDatabase(folder: string): Promise<DatabaseHandle> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ dataDir: folder, holder: 'the restore command' });
  } catch (error) {
    throw damaged(error);
  }
  try {
    const tables = await rowsOf<{ schema: string; name: string }>(
      database.db,
      sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'r' and n.nspname <> 'information_schema'`,
    );
    for (const { schema, name } of tables) {
      await database.db.execute(
        sql`select sum(octet_length(t::text)) from ${sql.identifier(schema)}.${sql.identifier(name)} as t`,
      );
    }
    return database;
  } catch (error) {
    await database.close();
    throw damaged(error);
  }
}
