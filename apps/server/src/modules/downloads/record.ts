import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { downloads } from '../../db/schema.ts';
import type { EditionRow } from '../files/file-view.ts';

/** A range request from the file's start shorter than this only peeks at it, and counts as no download. */
export const PROBE_BYTES = 64 * 1024;

/**
 * One account's downloads of one edition within this window count once: a download manager's many
 * requests, a retry, and a client that also reports the download it just fetched.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** Records a download unless this account's download of the file was recorded within the window. */
export async function recordDownload(db: Database, accountId: string, edition: EditionRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Requests arriving together would each find no earlier download: they take turns here.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`download:${accountId}:${edition.file.id}`}, 0))`,
    );
    const [recent] = await tx
      .select({ id: downloads.id })
      .from(downloads)
      .where(
        and(
          eq(downloads.accountId, accountId),
          eq(downloads.fileId, edition.file.id),
          gt(downloads.downloadedAt, new Date(Date.now() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return false;
    await tx.insert(downloads).values({
      accountId,
      fileId: edition.file.id,
      bookName: edition.bookName,
      languageName: edition.languageName,
      year: edition.file.year,
      month: edition.file.month,
    });
    return true;
  });
}
