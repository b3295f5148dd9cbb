import {
  type CollectionCounts,
  LEGACY_COLLECTIONS,
  type LegacyCollection,
  MIGRATION_LIST_LIMIT,
  type MigrationIssue,
  type MigrationReport,
  type MissingPdf,
} from '@portal/contract';
/** The record a report line is about: its collection, id and, where it has one, the name people know it by. */
export interface RecordRef {
  collection: LegacyCollection;
  legacyId: string;
  name?: string | undefined;
}

type Outcome = 'created' | 'updated' | 'unchanged';

/** A list that keeps its first MIGRATION_LIST_LIMIT items and counts the rest. */
function cappedList<T>() {
  const items: T[] = [];
  let notListed = 0;
  return {
    add(item: T) {
      if (items.length < MIGRATION_LIST_LIMIT) items.push(item);
      else notListed += 1;
    },
    items,
    notListed: () => notListed,
  };
}

/** Collects what an import did, record by record; every skipped record says why. */
export function createReport(dryRun: boolean) {
  const startedAt = new Date().toISOString();
  const collections = Object.fromEntries(
    LEGACY_COLLECTIONS.map((name) => [name, { read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0 }]),
  ) as Record<LegacyCollection, CollectionCounts>;
  const conflicts = cappedList<MigrationIssue>();
  const notes = cappedList<MigrationIssue>();
  const missingPdfs = cappedList<MissingPdf>();
  const ignored: MigrationReport['ignored'] = [];
  let pdfsStored = 0;

  return {
    read(collection: LegacyCollection, count: number) {
      collections[collection].read += count;
    },
    count(collection: LegacyCollection, outcome: Outcome) {
      collections[collection][outcome] += 1;
    },
    /** The record is skipped. */
    conflict({ collection, legacyId, name }: RecordRef, reason: string) {
      collections[collection].skipped += 1;
      conflicts.add({ collection, legacyId, ...(name ? { name } : {}), reason });
    },
    /** The record is imported with an adjustment worth knowing about. */
    note({ collection, legacyId, name }: RecordRef, reason: string) {
      notes.add({ collection, legacyId, ...(name ? { name } : {}), reason });
    },
    /** The file record is skipped: a download of it would fail. */
    missingPdf(missing: MissingPdf) {
      collections[missing.collection].skipped += 1;
      missingPdfs.add(missing);
    },
    ignore(file: string, reason: string) {
      ignored.push({ file, reason });
    },
    pdfStored() {
      pdfsStored += 1;
    },
    finish(): MigrationReport {
      return {
        dryRun,
        startedAt,
        finishedAt: new Date().toISOString(),
        collections,
        ignored,
        pdfsStored,
        conflicts: conflicts.items,
        conflictsNotListed: conflicts.notListed(),
        notes: notes.items,
        notesNotListed: notes.notListed(),
        missingPdfs: missingPdfs.items,
        missingPdfsNotListed: missingPdfs.notListed(),
      };
    },
  };
}

export type Report = ReturnType<typeof createReport>;
