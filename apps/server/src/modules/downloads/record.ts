import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { downloads } from '../../db/schema.ts';
import type { EditionRow } from '../files/file-view.ts';

/** A client that reports a download the server already streamed is not counted again within this window. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export async function recordDownload(db: Database, accountId: string | null, edition: EditionRow) {
  await db.insert(downloads).values({
    accountId,
    fileId: edition.file.id,
    bookName: edition.bookName,
    languageName: edition.languageName,
    year: edition.file.year,
    month: edition.file.month,
  });
}

/** Records a client-reported download unless this account's download of the file was just recorded. */
export async function recordReportedDownload(db: Database, accountId: string, edition: EditionRow): Promise<boolean> {
  const [recent] = await db
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
  await recordDownload(db, accountId, edition);
  return true;
}
