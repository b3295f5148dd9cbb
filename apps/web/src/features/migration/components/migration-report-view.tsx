import { LEGACY_COLLECTIONS, type MigrationReport } from '@portal/contract';
import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { type ReportColumn, ReportList, type ReportListProps } from './report-list.tsx';

/** A record by its name, its legacy id beneath for finding it in the export; by the id alone where it has no name. */
const recordCell = ({ name, legacyId }: { name?: string; legacyId: string }) => (
  <div>
    {name ?? legacyId}
    {name && <small className="block text-muted">{legacyId}</small>}
  </div>
);

const COUNT_COLUMNS = ['read', 'created', 'updated', 'unchanged', 'skipped'] as const;

/** Each count's column title in the catalogue. */
const COUNT_TITLES = {
  read: 'migration.report.read',
  created: 'migration.report.created',
  updated: 'migration.report.updated',
  unchanged: 'migration.report.unchanged',
  skipped: 'migration.report.skipped',
} as const satisfies Record<(typeof COUNT_COLUMNS)[number], string>;

/** The report's lists, each with what to say when it is empty; ignored files only when there are some. */
function reportLists(report: MigrationReport, t: TFunction): ReportListProps[] {
  const collection = { field: 'collection', header: t('migration.report.collection') };
  const reason = { field: 'reason', header: t('migration.report.reason') };
  const issueColumns: ReportColumn[] = [
    collection,
    { field: 'name', header: t('migration.report.record'), body: recordCell },
    reason,
  ];
  const lists: ReportListProps[] = [
    {
      title: t('migration.report.conflicts'),
      rows: report.conflicts,
      notListed: report.conflictsNotListed,
      columns: issueColumns,
      empty: t('migration.report.noConflict'),
    },
    {
      title: t('migration.report.missingPdfs'),
      rows: report.missingPdfs,
      notListed: report.missingPdfsNotListed,
      columns: [collection, { field: 'name', header: t('migration.report.file'), body: recordCell }, reason],
      empty: t('migration.report.noMissingPdf'),
    },
    {
      title: t('migration.report.notes'),
      rows: report.notes,
      notListed: report.notesNotListed,
      columns: issueColumns,
      empty: t('migration.report.noNote'),
    },
  ];
  const ignored: ReportListProps = {
    title: t('migration.report.ignored'),
    rows: report.ignored,
    notListed: 0,
    columns: [{ field: 'file', header: t('migration.report.file') }, reason],
    empty: '',
  };
  return report.ignored.length > 0 ? [...lists, ignored] : lists;
}

/** What an import did (or, for a dry run, would do): counts per collection and every record to look at. */
export function MigrationReportView({ report }: { report: MigrationReport }) {
  const { t } = useTranslation();
  const rows = LEGACY_COLLECTIONS.map((collection) => ({ collection, ...report.collections[collection] }));
  return (
    <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="report-title">
      <div className="flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="report-title" className="text-xl font-semibold m-0">
          {report.dryRun ? t('migration.report.dryRunTitle') : t('migration.report.importTitle')}
        </h2>
        <Tag
          value={report.dryRun ? t('migration.report.nothingWritten') : t('migration.status.imported')}
          severity={report.dryRun ? 'info' : 'success'}
        />
      </div>
      <p className="text-muted mt-0">
        {t(report.dryRun ? 'migration.report.finishedDryRun' : 'migration.report.finished', {
          finished: formatDateTime(report.finishedAt),
          pdfs: report.pdfsStored,
        })}
      </p>
      <DataTable
        value={rows}
        dataKey="collection"
        size="small"
        // On a phone each collection is a card of "column value" lines, as in every table of the portal.
        className="record-table"
        responsiveLayout="stack"
        pt={{ table: { 'aria-label': t('migration.report.perCollection') } }}
      >
        <Column field="collection" header={t('migration.report.collection')} />
        {COUNT_COLUMNS.map((field) => (
          <Column key={field} field={field} header={t(COUNT_TITLES[field])} />
        ))}
      </DataTable>
      {reportLists(report, t).map((list) => (
        <ReportList key={list.title} {...list} />
      ))}
    </section>
  );
}
