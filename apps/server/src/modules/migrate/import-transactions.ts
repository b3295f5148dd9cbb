import { eq, isNotNull } from 'drizzle-orm';
import { downloads } from '../../db/schema.ts';
import { roleOf } from '../editions/record.ts';
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

/**
 * Imports download transactions; the edition's names are copied so that statistics stay whole. `names` are the
 * report's names of the export's accounts and files, by legacy id, which name a download to people.
 */
export async function importTransactions(
  context: ImportContext,
  records: LegacyRecord[],
  accountIds: Map<string, string>,
  editions: Map<string, LegacyEdition | undefined>,
  names: Map<string, string | undefined>,
) {
  const { tx, report } = context;
  const incoming: IncomingRow<DownloadValues, { role?: ReturnType<typeof roleOf> }>[] = [];
  for (const { collection, legacyId, doc } of records) {
    const file = text(doc.file);
    const user = text(doc.user);
    const fileName = file && names.get(file);
    const userName = user && names.get(user);
    // "Teevo English March 2024 by Ama Mensah (ama@example.org)"
    const name = fileName || userName ? `${fileName || 'a file'} by ${userName || 'no account'}` : undefined;
    const record = { collection, legacyId, name };
    if (!file || !editions.has(file)) {
      report.conflict(
        record,
        file ? `The file it names (${file}) is not in the export.` : 'The transaction has no file.',
      );
      continue;
    }
    const edition = editions.get(file);
    if (!edition) {
      report.conflict(record, `File ${fileName || file} names no edition (see its own conflict).`);
      continue;
    }
    const downloadedAt = firstDate(doc.createdAt, doc.created, doc.date) ?? objectIdTime(legacyId);
    if (!downloadedAt) {
      report.conflict(record, 'The transaction has no date.');
      continue;
    }
    const accountId = (user && accountIds.get(user)) || null;
    if (user && !accountId)
      report.note(record, `Account ${userName || user} was not imported: kept without an account.`);
    const { fileId, bookName, languageName, year, month } = edition;
    incoming.push({
      ...record,
      values: { accountId, fileId, bookName, languageName, year, month, downloadedAt },
      // The legacy portal kept no role: its account's role at the import; a download of no account is a User's.
      insertOnly: accountId ? { role: roleOf(accountId) } : {},
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
