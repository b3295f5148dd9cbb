import { LEGACY_COLLECTIONS, type MigrationIssue, type MigrationReport } from '@portal/contract';

const columns = ['read', 'created', 'updated', 'unchanged', 'skipped'] as const;

function table(report: MigrationReport): string[] {
  const rows = [
    ['collection', ...columns],
    ...LEGACY_COLLECTIONS.map((name) => [name, ...columns.map((column) => String(report.collections[name][column]))]),
  ];
  const widths = rows[0]?.map((_, index) => Math.max(...rows.map((row) => row[index]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join('  '),
  );
}

function list<T>(title: string, items: T[], notListed: number, line: (item: T) => string): string[] {
  if (items.length === 0) return [];
  const more = notListed > 0 ? [`  … and ${notListed} more`] : [];
  return ['', `${title} (${items.length + notListed}):`, ...items.map((item) => `  ${line(item)}`), ...more];
}

const issue = ({ collection, legacyId, name, reason }: MigrationIssue) =>
  `${collection} ${name ? `${name} (${legacyId})` : legacyId}: ${reason}`;

/** The report as the CLI prints it: a table of counts, then every list that has something in it. */
export function formatReport(report: MigrationReport): string {
  const heading = report.dryRun
    ? 'Legacy import, DRY RUN: nothing was saved; an import would do this.'
    : 'Legacy import done.';
  return [
    heading,
    '',
    ...table(report),
    '',
    `PDFs ${report.dryRun ? 'to store' : 'stored'}: ${report.pdfsStored}`,
    ...list('Ignored files', report.ignored, 0, ({ file, reason }) => `${file}: ${reason}`),
    ...list('Conflicts, skipped', report.conflicts, report.conflictsNotListed, issue),
    ...list(
      'Missing PDFs (file records skipped)',
      report.missingPdfs,
      report.missingPdfsNotListed,
      (missing) => `${missing.collection} ${missing.legacyId}: ${missing.name} (${missing.reason})`,
    ),
    ...list('Notes', report.notes, report.notesNotListed, issue),
    '',
  ].join('\n');
}
