import { type LegacyCollection, MIGRATION_MESSAGES, type MigrationReport } from '@portal/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { Conflict } from '../../errors.ts';
import type { Storage } from '../../plugins/storage/types.ts';
import { lockStoreForWriting } from '../files/service.ts';
import type { ImportContext, ProgressListener } from './context.ts';
import { readExport } from './export-folder.ts';
import { importAccounts } from './import-accounts.ts';
import { importChurches } from './import-churches.ts';
import { importFiles } from './import-files.ts';
import { importLanguages } from './import-languages.ts';
import { importTransactions } from './import-transactions.ts';
import { createPdfCopier, openPdfFolder } from './pdfs.ts';
import { identify, splitTranslations } from './records.ts';
import { createReport } from './report.ts';
import { saveReport } from './saved-reports.ts';

export interface ImportOptions {
  /** Folder of the collection files (accounts.json, ...). */
  exportFolder: string;
  /** Folder of the legacy PDFs. */
  pdfFolder: string;
  /** Runs the whole import and rolls it back: exact counts, nothing saved but the report. */
  dryRun: boolean;
  /** The Super Admin who ran it through the API. */
  createdBy?: string;
  onProgress?: ProgressListener;
}

// Arbitrary constant: two imports (API on any instance, or the CLI) never run at once.
const importLockKey = 7_318_004_213;

/**
 * Imports a legacy MongoDB export in one transaction: all of it or, on any failure, nothing (PDFs
 * already copied are removed again). The report of every run, dry or real, is saved.
 */
export async function importLegacyExport(
  db: Database,
  storage: Storage,
  options: ImportOptions,
): Promise<MigrationReport> {
  const progress = options.onProgress ?? (() => {});
  progress('reading', 0, 0);
  const legacy = await readExport(options.exportFolder);
  const report = createReport(options.dryRun);
  for (const { file, reason } of legacy.ignored) report.ignore(file, reason);
  const copier = createPdfCopier(storage, options.dryRun);
  const pdfs = await openPdfFolder(options.pdfFolder);

  try {
    await db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${importLockKey})` })
        .from(sql`(values (1)) as one`);
      if (!lock?.locked) throw new Conflict(MIGRATION_MESSAGES.running);
      await lockStoreForWriting(tx);
      const context: ImportContext = { tx, report, progress, pdfs, copier };
      const records = (collection: LegacyCollection) => {
        const documents = legacy.documents[collection];
        report.read(collection, documents.length);
        return identify(collection, documents, report);
      };
      const translations = splitTranslations(records('translations'), report);
      const churchIds = await importChurches(context, records('churches'));
      await importLanguages(context, [...records('languages'), ...translations.languages]);
      const accounts = records('accounts');
      const accountIds = await importAccounts(context, accounts, churchIds);
      const files = [...records('files'), ...translations.files];
      const editions = await importFiles(context, files);
      const names = new Map([...accounts, ...files].map((record) => [record.legacyId, record.name]));
      await importTransactions(context, records('transactions'), accountIds, editions, names);
      if (options.dryRun) tx.rollback();
    });
  } catch (error) {
    if (!(options.dryRun && error instanceof TransactionRollbackError)) {
      await copier.afterRollback(db);
      throw error;
    }
  }
  await copier.afterCommit();
  progress('saving', 0, 0);
  const finished = report.finish();
  await saveReport(db, finished, options.createdBy);
  return finished;
}
