import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { downloads } from './schema.ts';

/** The statistics' counting (the functions behind the rollups' triggers), in its one source file. */
const file = path.join(import.meta.dirname, 'sql/download-stats.sql');

/**
 * Gives the database the functions of sql/download-stats.sql when the version it records (a comment on
 * download_stats_follow(), the file's SHA-256) is another, and counts every download again with them while
 * writers of downloads wait: the rollups always hold what the current functions count (decision 048). Runs
 * after the migrations, under their lock. Returns whether the file was applied.
 */
export async function applyDownloadStats(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>): Promise<boolean> {
  const text = await readFile(file, 'utf8');
  const version = createHash('sha256').update(text).digest('hex');
  return db.transaction(async (tx) => {
    const recorded = (await tx.execute(
      sql`select obj_description('download_stats_follow()'::regprocedure, 'pg_proc') as version`,
    )) as unknown as { rows: { version: string | null }[] };
    if (recorded.rows[0]?.version === version) return false;
    await tx.execute(sql`lock table ${downloads} in share mode`);
    for (const statement of text.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    // The version is hexadecimal digits only, safe inside the statement.
    await tx.execute(sql.raw(`comment on function download_stats_follow() is '${version}'`));
    await tx.execute(sql`select download_stats_rebuild()`);
    return true;
  });
}
