import { eq, isNotNull } from 'drizzle-orm';
import { downloads } from '../../db/schema.ts';
import type { ImportContext, LegacyRecord } from './context.ts';
import { firstDate, objectIdTime, text } from './fields.ts';
import type { LegacyEdition } from './import-files.ts';
import { type IncomingRow, writeLegacyRows } from './rows.ts';

interface DownloadValues {
  accountId: string | null;
  fileId: string | null;
  bookName: string;
  languageName: string;
  year: number;
  month: number;
  downloadedAt: Date;
}

/** Imports download transactions; the edition's names are copied so that statistics stay whole. */
export async function importTransactions(
  context: ImportContext,
  records: LegacyRecord[],
  accountIds: Map<string, string>,
  editions: Map<string, LegacyEdition | undefined>,
) {
  const { tx, report } = context;
  const incoming: IncomingRow<DownloadValues, Record<string, never>>[] = [];
  for (const { collection, legacyId, doc } of records) {
    const file = text(doc.file);
    if (!file || !editions.has(file)) {
      report.conflict(
        collection,
        legacyId,
        file ? `File ${file} is not in the export.` : 'The transaction has no file.',
      );
      continue;
    }
    const edition = editions.get(file);
    if (!edition) {
      report.conflict(collection, legacyId, `File ${file} names no edition (see its own conflict).`);
      continue;
    }
    const downloadedAt = firstDate(doc.createdAt, doc.created, doc.date) ?? objectIdTime(legacyId);
    if (!downloadedAt) {
      report.conflict(collection, legacyId, 'The transaction has no date.');
      continue;
    }
    const user = text(doc.user);
    const accountId = (user && accountIds.get(user)) || null;
    if (user && !accountId)
      report.note(collection, legacyId, `Account ${user} was not imported: kept without an account.`);
    const { fileId, bookName, languageName, year, month } = edition;
    incoming.push({
      collection,
      legacyId,
      values: { accountId, fileId, bookName, languageName, year, month, downloadedAt },
      insertOnly: {},
    });
  }
  const current = await tx
    .select({
      id: downloads.id,
      legacyId: downloads.legacyId,
      accountId: downloads.accountId,
      fileId: downloads.fileId,
      bookName: downloads.bookName,
      languageName: downloads.languageName,
      year: downloads.year,
      month: downloads.month,
      downloadedAt: downloads.downloadedAt,
    })
    .from(downloads)
    .where(isNotNull(downloads.legacyId));
  await writeLegacyRows(
    context,
    {
      phase: 'transactions',
      noun: 'transaction',
      insert: (rows) => tx.insert(downloads).values(rows),
      update: (id, changes) => tx.update(downloads).set(changes).where(eq(downloads.id, id)),
    },
    current.map(({ id, legacyId, ...values }) => ({ id, legacyId, values })),
    incoming,
  );
}
