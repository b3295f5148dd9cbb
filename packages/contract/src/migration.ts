import { z } from 'zod';
import { coded } from './coded.ts';

/** Largest upload of one import (the JSON files and a zip with the PDFs). */
export const MAX_MIGRATION_UPLOAD_BYTES = 536_870_912;
/** Most a zip may unpack to: an upload can not fill the disk however well it compresses. */
export const MAX_MIGRATION_UNZIPPED_BYTES = 4 * MAX_MIGRATION_UPLOAD_BYTES;
/** Most one file of an import may hold, unzipped: a collection's JSON is read into memory whole. */
export const MAX_MIGRATION_FILE_BYTES = 209_715_200;

export const MIGRATION_MESSAGES = {
  running: 'An import is already running. Wait for it to finish, then try again.',
  noReport: 'No import has been run yet.',
  noCollections:
    'No legacy collection found: upload accounts.json, churches.json, languages.json, translations.json, files.json or transactions.json, or a .zip of them.',
  unsupportedUpload: 'Upload the .json files of the legacy export, or one .zip of them (PDFs may be included).',
  oneZip: 'Upload one .zip at a time.',
  nameTooLong: 'A file name of the upload is longer than the 255 bytes a disk can hold: rename the file and try again.',
  badZip: 'The .zip file could not be read: it is damaged or incomplete. Make it again and upload the whole file.',
  zipTooLarge: 'The .zip unpacks to more than 2 GB: import the export in parts.',
  uploadTooLarge: 'An upload can be at most 512 MB: import the export in parts.',
  dryRunInvalid: 'dryRun must be true or false.',
} as const;

export const migrationFileTooLargeMessage = (name: string) =>
  coded(
    'migration.fileTooLarge',
    { name, max: MAX_MIGRATION_FILE_BYTES / 1_048_576 },
    `${name} holds more than ${MAX_MIGRATION_FILE_BYTES / 1_048_576} MB, the most one file of an import may hold: export that collection in parts and import them one after the other.`,
  );

/** The legacy export's collections, in the order the report lists them. */
export const LEGACY_COLLECTIONS = [
  'churches',
  'languages',
  'translations',
  'accounts',
  'files',
  'transactions',
] as const;
export type LegacyCollection = (typeof LEGACY_COLLECTIONS)[number];

/** What an import is busy with: receiving the upload, reading the export, then one step per target. */
export const MIGRATION_PHASES = [
  'uploading',
  'reading',
  'churches',
  'languages',
  'accounts',
  'files',
  'transactions',
  'saving',
] as const;
export type MigrationPhase = (typeof MIGRATION_PHASES)[number];

/** Cap of each list in a report; the number left out is given beside it. */
export const MIGRATION_LIST_LIMIT = 500;

/** read = created + updated + unchanged + skipped. */
export const collectionCountsSchema = z.object({
  read: z.number(),
  created: z.number(),
  updated: z.number(),
  /** Imported before and identical in the export. */
  unchanged: z.number(),
  /** Not written: a conflict, a duplicate merged onto another record, or a missing PDF. */
  skipped: z.number(),
});
export type CollectionCounts = z.infer<typeof collectionCountsSchema>;

/** One record of the export: skipped (a conflict) or imported with an adjustment (a note). */
export const migrationIssueSchema = z.object({
  collection: z.enum(LEGACY_COLLECTIONS),
  legacyId: z.string(),
  /**
   * The record as people know it: a church's or language's name, an account's name and e-mail, a file's edition,
   * a download's account and edition. Absent where the record names nothing (and in reports saved before it).
   */
  name: z.string().optional(),
  reason: z.string(),
});
export type MigrationIssue = z.infer<typeof migrationIssueSchema>;

export const missingPdfSchema = z.object({
  collection: z.enum(LEGACY_COLLECTIONS),
  legacyId: z.string(),
  name: z.string(),
  reason: z.enum(['not found', 'not a PDF']),
});
export type MissingPdf = z.infer<typeof missingPdfSchema>;

export const migrationReportSchema = z.object({
  dryRun: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string(),
  collections: z.record(z.enum(LEGACY_COLLECTIONS), collectionCountsSchema),
  /** Files of the export that were not imported, and why (refresh tokens, unknown collections). */
  ignored: z.array(z.object({ file: z.string(), reason: z.string() })),
  /** PDFs copied into the file store (in a dry run: that would be copied). */
  pdfsStored: z.number(),
  conflicts: z.array(migrationIssueSchema),
  conflictsNotListed: z.number(),
  notes: z.array(migrationIssueSchema),
  notesNotListed: z.number(),
  missingPdfs: z.array(missingPdfSchema),
  missingPdfsNotListed: z.number(),
});
export type MigrationReport = z.infer<typeof migrationReportSchema>;

/** The latest report, or null before the first import: what the migration screen asks on every visit. */
export const latestMigrationReportSchema = z.object({ report: migrationReportSchema.nullable() });
export type LatestMigrationReport = z.infer<typeof latestMigrationReportSchema>;

export const migrationProgressSchema = z.object({
  running: z.boolean(),
  phase: z.enum(MIGRATION_PHASES).nullable(),
  done: z.number(),
  total: z.number(),
});
export type MigrationProgress = z.infer<typeof migrationProgressSchema>;

/** The multipart fields of an import, beside its files. */
export const migrationFieldsSchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: MIGRATION_MESSAGES.dryRunInvalid })
    .default('false')
    .transform((value) => value === 'true'),
});
