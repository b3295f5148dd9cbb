import type { MigrationPhase } from '@portal/contract';
import type { Database } from '../../db/index.ts';
import type { LegacyDocument } from './extended-json.ts';
import type { PdfCopier, PdfSource } from './pdfs.ts';
import type { RecordRef, Report } from './report.ts';

export type ProgressListener = (phase: MigrationPhase, done: number, total: number) => void;

/** What every step of one import shares: its transaction, its report and where PDFs come from and go. */
export interface ImportContext {
  tx: Database;
  report: Report;
  progress: ProgressListener;
  pdfs: PdfSource;
  copier: PdfCopier;
}

/** A legacy document with the collection it came from, its id (the `_id`, kept as legacy_id) and its name. */
export interface LegacyRecord extends RecordRef {
  doc: LegacyDocument;
}
