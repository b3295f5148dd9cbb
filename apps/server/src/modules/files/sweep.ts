import { formatBytes } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { files } from '../../db/schema.ts';
import type { Removed, Storage, StoredFile } from '../../plugins/storage/types.ts';

// Arbitrary constant: what writes files under their keys holds this lock shared until its records are
// committed; a sweep holds it alone.
const storeLockKey = 7_318_004_214;

/**
 * An hour: a staged upload untouched for that long is abandoned even where other instances share the
 * store, and a stored file that old was not left by a crash just now.
 */
export const GRACE_MS = 60 * 60 * 1000;

export type Sweep =
  | ({ outcome: 'swept' } & Removed)
  /** A writer's transaction is open, or another instance sweeps. */
  | { outcome: 'busy' }
  /** No stored file is recorded and some are old: the store goes with another database. */
  | { outcome: 'unrecognised'; files: number };

/**
 * Takes the store for writing in the transaction that records the files, before the first file is put
 * under its key: no sweep runs until the transaction ends, so no file waiting for its record is taken
 * for an orphan.
 */
export async function lockStoreForWriting(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${storeLockKey})`);
}

async function recordedKeys(db: Database) {
  const rows = await db.select({ key: files.storageKey }).from(files);
  return new Set(rows.map((row) => row.key));
}

/** None of the store's files recorded, some older than a crash just now leaves: a changed DATABASE_URL, say. */
function unrecognised(stored: StoredFile[], recorded: Set<string>) {
  const crashedSince = Date.now() - GRACE_MS;
  return (
    stored.every((file) => !recorded.has(file.key)) && stored.some((file) => file.modified.getTime() < crashedSince)
  );
}

/**
 * Removes from the store what no record will ever name: files under a key that no `files` record holds
 * (a crash between storing a file and committing its record, or between a record's end and its file's
 * removal) and staged uploads a crash interrupted. Unless `alone`, other instances may be receiving
 * uploads into the store: only staged files untouched for GRACE_MS go.
 */
export async function sweepFileStore(db: Database, storage: Storage, { alone }: { alone: boolean }): Promise<Sweep> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${storeLockKey})` })
      .from(sql`(values (1)) as one`);
    if (!lock?.locked) return { outcome: 'busy' };
    const recorded = await recordedKeys(tx);
    const stored = await storage.list();
    if (unrecognised(stored, recorded)) return { outcome: 'unrecognised', files: stored.length };
    const orphans = stored.filter((file) => !recorded.has(file.key));
    for (const orphan of orphans) await storage.remove(orphan.key);
    const staged = await storage.clearStaged(new Date(Date.now() - (alone ? 0 : GRACE_MS)));
    return {
      outcome: 'swept',
      files: orphans.length + staged.files,
      bytes: orphans.reduce((sum, orphan) => sum + orphan.size, staged.bytes),
    };
  });
}

/**
 * Removes stored files whose records' transaction failed, unless it was committed after all (its answer
 * lost on the way); when the database can't say, the next sweep decides.
 */
export async function removeUnrecorded(db: Database, storage: Storage, keys: string[]) {
  if (keys.length === 0) return;
  const recorded = await recordedKeys(db).catch(() => undefined);
  if (recorded) await Promise.all(keys.filter((key) => !recorded.has(key)).map((key) => storage.remove(key)));
}

/** The start-up's sweep, and a line in the log of what it did (none when there was nothing to do). */
export async function sweepAtStart(app: FastifyInstance) {
  // With the embedded database, the data folder's lock keeps every other process out of the store.
  const sweep = await sweepFileStore(app.db, app.storage, { alone: app.database.kind === 'pglite' });
  if (sweep.outcome === 'busy') {
    app.log.info('the file store is being written or swept by another instance: the next start sweeps it');
  } else if (sweep.outcome === 'unrecognised') {
    app.log.warn(
      `none of the ${sweep.files} files in the file store is named by this database's records and some are over an hour old: left as they are, in case DATABASE_URL names another database than theirs (files left by a first import cut off go at the first start after an edition is saved)`,
    );
  } else if (sweep.files > 0) {
    const { files, bytes } = sweep;
    app.log.info(
      { files, bytes },
      `removed ${files} files (${formatBytes(bytes, 'en')}) from the file store that no record names: left by an interrupted upload, import or deletion`,
    );
  }
}
