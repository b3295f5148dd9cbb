import { mkdir, mkdtemp, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { KEY } from '../../plugins/storage/keys.ts';
import { checkArchive, DATABASE_FOLDER, DUMP, extractArchive, FILES_FOLDER, type Manifest } from './archive.ts';
import { lockForCommand, namesIn, type PortalSettings, settingsIn } from './backup.ts';
import { runPgTool, withoutPassword } from './pg-tools.ts';
import { openRestoredDatabase } from './restored-database.ts';
import { copyEmbeddedIntoPostgres } from './to-postgres.ts';

export interface Restored {
  manifest: Manifest;
  /** The edition files put into DATA_DIR/files. */
  files: number;
}

/**
 * Brings a backup back into an empty portal: its database into DATA_DIR (embedded) or into DATABASE_URL's
 * empty database (pg_restore, or, for an embedded backup, its rows copied over), its files and settings into
 * DATA_DIR. The whole archive is checked against its manifest first, and extracted into a staging folder in
 * DATA_DIR, where an embedded database is opened and read through; only then is anything moved into place.
 * Refuses, changing nothing, a target that holds anything, and a PostgreSQL backup without DATABASE_URL.
 */
export async function restorePortal(config: PortalSettings, file: string): Promise<Restored> {
  const manifest = await checkArchive(file);
  refuseMismatch(manifest, config);
  const release = config.databaseUrl ? undefined : await lockForCommand(config.dataDir, 'the restore command');
  try {
    await refuseUnlessEmpty(config);
    // Inside DATA_DIR, so that what was extracted moves into place by renaming.
    await mkdir(config.dataDir, { recursive: true });
    const staging = await mkdtemp(path.join(config.dataDir, '.restoring-'));
    try {
      await extractArchive(file, staging);
      if (manifest.kind === 'embedded') {
        const database = await openRestoredDatabase(staging);
        try {
          // The way from the embedded database to PostgreSQL: the staged PGlite folder's rows are copied.
          if (config.databaseUrl) await copyEmbeddedIntoPostgres(database.db, config.databaseUrl);
        } finally {
          await database.close();
        }
      } else if (config.databaseUrl) {
        // One transaction: a failure leaves the database empty. Owners and grants name roles of the old server.
        await runPgTool('pg_restore', config.databaseUrl, [
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          path.join(staging, DUMP),
        ]);
      }
      if (!config.databaseUrl) {
        await rmdir(path.join(config.dataDir, DATABASE_FOLDER)).catch(() => {});
        await rename(path.join(staging, DATABASE_FOLDER), path.join(config.dataDir, DATABASE_FOLDER));
      }
      const files = (await namesIn(path.join(staging, FILES_FOLDER))).filter((name) => KEY.test(name));
      await mkdir(path.join(config.dataDir, FILES_FOLDER), { recursive: true });
      for (const name of files) {
        await rename(path.join(staging, FILES_FOLDER, name), path.join(config.dataDir, FILES_FOLDER, name));
      }
      for (const name of manifest.settings) await rename(path.join(staging, name), path.join(config.dataDir, name));
      return { manifest, files: files.length };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    await release?.();
  }
}

/**
 * An embedded backup goes into either kind of database (into PostgreSQL its rows are copied); a pg_dump
 * only into PostgreSQL: nothing writes a PGlite folder from one.
 */
function refuseMismatch(manifest: Manifest, config: PortalSettings) {
  if (manifest.kind === 'postgres' && !config.databaseUrl) {
    throw new Error(
      'This backup is of a portal on PostgreSQL, which does not go back into the embedded database: set DATABASE_URL to a new, empty database to restore it.',
    );
  }
  if (manifest.files && config.storage.kind === 's3') {
    throw new Error(
      'This backup holds its files on the disk: restore it with STORAGE=disk, then move them with npm run files:to-bucket.',
    );
  }
}

async function refuseUnlessEmpty(config: PortalSettings) {
  const found: string[] = [];
  if (!config.databaseUrl && (await namesIn(path.join(config.dataDir, DATABASE_FOLDER))).length > 0) {
    found.push('a database');
  }
  const files = (await namesIn(path.join(config.dataDir, FILES_FOLDER))).filter((name) => KEY.test(name));
  if (files.length > 0) found.push(`${files.length} edition files`);
  found.push(...(await settingsIn(config.dataDir)));
  if (found.length > 0) {
    throw new Error(
      `${config.dataDir} is not empty (it has ${found.join(', ')}): restore into a new DATA_DIR, or move this one away first.`,
    );
  }
  if (config.databaseUrl) {
    const tables = await countTables(config.databaseUrl);
    if (tables > 0) {
      throw new Error(
        `The database ${withoutPassword(config.databaseUrl)} is not empty (it has ${tables} tables): restore into a new, empty database.`,
      );
    }
  }
}

async function countTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(`Cannot connect to PostgreSQL at ${withoutPassword(databaseUrl)}: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}
