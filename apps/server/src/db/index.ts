import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { count, gte } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { bigint, type PgDatabase, type PgQueryResultHKT, pgSchema } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock.ts';
import { applyDownloadStats } from './download-stats.ts';
import { isUndefinedTable } from './errors.ts';
import * as schema from './schema.ts';

/** The query API common to both drivers; driver-specific result shapes are deliberately left out. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, safe to log: a folder, or the URL without its password. */
  location: string;
  /**
   * Whether the database answers with the schema this server migrated: `unmigrated` when its migrations lack
   * this server's last one (a database recreated empty under a running portal, or restored from an older
   * one); throws when it does not answer.
   */
  check(): Promise<'up' | 'unmigrated'>;
  /**
   * Calls `heard` with each message NOTIFY sends on the channel, from any instance, and also after the
   * listening connection was lost and made again (messages may have been missed meanwhile). PostgreSQL
   * only: on the embedded database one process is all there is.
   */
  listen?(channel: string, heard: (message: string) => void): Promise<void>;
  /** How the job queue (pg-boss) reaches the same database: the embedded client itself, or the server's URL. */
  connection: { pglite: PGlite } | { url: string };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Who opens the embedded database, as a second process trying the same folder is told. */
  holder?: string;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
/**
 * A new embedded database, migrated and empty, made once by the image's build (scripts/empty-database.ts) beside
 * the bundle and migrations it goes with. A new data folder starts from it 2 to 3 s sooner than PGlite's initdb
 * and the migrations make one (decision 060); the migrations still run, and find nothing to do. It is the same
 * for every portal: migrations make tables and functions, never a secret. Without it (npm start, tests), PGlite
 * runs initdb.
 */
export const emptyDatabaseFile = path.resolve(import.meta.dirname, '../../dist/empty-database.tar.gz');
/** Where drizzle's migrator records each migration it applied: `created_at` is the migration's own time. */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  createdAt: bigint('created_at', { mode: 'number' }),
});

// Arbitrary constant shared by every app instance, so that instances starting together migrate one at a time.
const migrationLockKey = 7_318_004_211;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.inMemory) return openPglite(undefined);
  if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory');
  const dataDir = path.resolve(options.dataDir);
  const release = await lockDataFolder(dataDir, options.holder ?? 'another portal process');
  try {
    const handle = await openPglite(path.join(dataDir, 'db'));
    return { ...handle, close: () => handle.close().finally(release) };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Makes the empty database in memory and writes it to `file` (emptyDatabaseFile). */
export async function writeEmptyDatabase(file: string) {
  const handle = await openPglite(undefined);
  try {
    const { pglite } = handle.connection as { pglite: PGlite };
    await writeFile(file, new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/** The image's empty database for a folder that has none yet (PGlite refuses to load it over one). */
async function emptyDatabase(folder: string) {
  const exists = await stat(path.join(folder, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (exists) return undefined;
  const made = await readFile(emptyDatabaseFile).catch(() => undefined);
  return made && new Blob([made]);
}

async function openPglite(folder: string | undefined): Promise<DatabaseHandle> {
  if (folder) await mkdir(folder, { recursive: true });
  // pg_trgm: the trigram indexes of the user list's search (migration 0005). shared_buffers: PostgreSQL's
  // page cache, inside the process's memory; PGlite's 128 MB was most of an idle portal's (decision 018).
  const client = new PGlite({
    dataDir: folder,
    loadDataDir: folder ? await emptyDatabase(folder) : undefined,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  try {
    await client.waitReady;
  } catch (error) {
    throw new Error(`Cannot open the embedded database in ${folder ?? 'memory'}: ${describe(error)}`, {
      cause: error,
    });
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
    await applyDownloadStats(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    location: folder ?? 'memory',
    check: schemaCheck(db),
    connection: { pglite: client },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const location = maskPassword(url);
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // Without a listener an idle client dropped by the server would crash the process; the pool
  // discards that client by itself and the next query connects again.
  pool.on('error', () => {});
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL at ${location}: ${describe(error)}`, { cause: error });
  }
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      const migrating = drizzleNodePg({ client, schema });
      await migrateNodePg(migrating, { migrationsFolder });
      await applyDownloadStats(migrating);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } catch (error) {
    client.release();
    await pool.end();
    throw error;
  }
  client.release();
  const db = drizzleNodePg({ client: pool, schema });
  const listening = listener(url);
  return {
    db,
    kind: 'postgres',
    location,
    check: schemaCheck(db),
    listen: listening.listen,
    connection: { url },
    close: async () => {
      await listening.close();
      await pool.end();
    },
  };
}

/** The `check` of a database opened by this server: whether it holds the last migration of this server's folder. */
function schemaCheck(db: Database): DatabaseHandle['check'] {
  const last = readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  return async () => {
    try {
      const [found] = await db
        .select({ count: count() })
        .from(appliedMigrations)
        .where(gte(appliedMigrations.createdAt, last));
      return found?.count ? 'up' : 'unmigrated';
    } catch (error) {
      if (isUndefinedTable(error)) return 'unmigrated';
      throw error;
    }
  };
}

/** A connection of its own that LISTENs (a pooled one would be handed to queries), made again when lost. */
function listener(url: string) {
  const channels = new Map<string, (message: string) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    const lost = () => {
      if (client !== next || closed) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => void reconnect(), 1_000);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', ({ channel, payload }) => channels.get(channel)?.(payload ?? ''));
    await next.connect();
    for (const channel of channels.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  }

  async function reconnect() {
    try {
      await connect();
      // Whatever was said while no one listened is lost: each channel hears that something may have changed.
      for (const heard of channels.values()) heard('');
    } catch {
      if (!closed) retry = setTimeout(() => void reconnect(), 1_000);
    }
  }

  return {
    async listen(channel: string, heard: (message: string) => void) {
      channels.set(channel, heard);
      if (!client) await connect();
      else await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/** The URL with its password shown as ***, safe to print. */
export function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/** Node reports a refused dual-stack connection as an AggregateError with an empty message. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}
