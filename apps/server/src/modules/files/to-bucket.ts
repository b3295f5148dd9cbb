import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { files } from '../../db/schema.ts';
import { readAll } from '../../plugins/storage/read-all.ts';
import type { Storage } from '../../plugins/storage/types.ts';
import { readableName, selectEditions } from '../editions/edition-view.ts';
import { lockStoreForWriting } from './sweep.ts';

export interface Moved {
  copied: { files: number; bytes: number };
  /** Recorded files the bucket already held: an earlier run copied them. */
  already: number;
  /** Editions whose file is in neither store (each says which edition). */
  missing: string[];
  /** Files whose bytes arrived other than recorded: left where they were. */
  damaged: string[];
}

/**
 * Copies the edition files the database records from a disk store into a bucket and points their
 * records at the copies, one file at a time, so that a run cut off half-way leaves every edition
 * downloadable from one store or the other and the next run goes on where it stopped. Each copy is
 * checked against the SHA-256 recorded at upload. The disk keeps its files: remove them once the
 * portal runs on the bucket.
 */
export async function moveFilesToBucket(db: Database, disk: Storage, bucket: Storage): Promise<Moved> {
  const moved: Moved = { copied: { files: 0, bytes: 0 }, already: 0, missing: [], damaged: [] };
  const inBucket = new Set((await bucket.list()).map((file) => file.key));
  for (const edition of await selectEditions(db)) {
    const { file } = edition;
    if (inBucket.has(file.storageKey)) {
      moved.already += 1;
      continue;
    }
    const reader = await disk.open(file.storageKey);
    if (!reader) {
      moved.missing.push(readableName(edition));
      continue;
    }
    const staged = await bucket.stage(Readable.from(readAll(reader, file.fileSize))).finally(() => reader.close());
    if (file.sha256 && staged.sha256 !== file.sha256) {
      await staged.discard();
      moved.damaged.push(readableName(edition));
      continue;
    }
    let kept = false;
    let key: string | undefined;
    try {
      await db.transaction(async (tx) => {
        // As an upload does: no sweep takes the copy for an orphan before its record names it.
        await lockStoreForWriting(tx);
        key = await staged.commit();
        const updated = await tx
          .update(files)
          .set({ storageKey: key })
          .where(eq(files.storageKey, file.storageKey))
          .returning({ id: files.id });
        kept = updated.length > 0;
      });
    } finally {
      // The edition was deleted or replaced meanwhile, or the record could not be changed.
      if (key && !kept) await bucket.remove(key);
    }
    if (kept) {
      moved.copied.files += 1;
      moved.copied.bytes += staged.size;
    }
  }
  return moved;
}
