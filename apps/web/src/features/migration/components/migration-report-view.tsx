import { LEGACY_COLLECTIONS, type MigrationReport } from '@portal/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { type ReportColumn, ReportList, type ReportListProps } from './report-list.tsx';

/** A record by its name, its legacy id beneath for finding it in the export; by the id alone where it has no name. */
const recordCell = ({ name, legacyId }: { name?: string; legacyId: string }) => (
  <div>
    {name ?? legacyId}
    {name && <small className="block text-muted">{legacyId}</small>}
  </div>
);

const ISSUE_COLUMNS: ReportColumn[] = [
  { field: 'collection', header: 'Collection' },
  { field: 'name', header: 'Record', body: recordCell },
  { field: 'reason', header: 'Reason' },
];
const MISSING_PDF_COLUMNS: ReportColumn[] = [
  { field: 'collection', header: 'Collection' },
  { field: 'name', header: 'File', body: recordCell },
  { field: 'reason', header: 'Reason' },
];
const IGNORED_COLUMNS: ReportColumn[] = [
  { field: 'file', header: 'File' },
  { field: 'reason', header: 'Reason' },
];
const COUNT_COLUMNS = ['read', 'created', 'updated', 'unchanged', 'skipped'] as const;

/** The report's lists, each with what to say when it is empty; ignored files only when there are some. */
function reportLists(report: MigrationReport): ReportListProps[] {
  const lists: ReportListProps[] = [
    {
      title: 'Conflicts',
      rows: report.conflicts,
      notListed: report.conflictsNotListed,
      columns: ISSUE_COLUMNS,
      empty: 'No conflict.',
    },
    {
      title: 'Missing PDFs',
      rows: report.missingPdfs,
      notListed: report.missingPdfsNotListed,
      columns: MISSING_PDF_COLUMNS,
      empty: 'No missing PDF.',
    },
    { title: 'Notes', rows: report.notes, notListed: report.notesNotListed, columns: ISSUE_COLUMNS, empty: 'No note.' },
  ];
  const ignored: ReportListProps = {
    title: 'Ignored files',
    rows: report.ignored,
    notListed: 0,
    columns: IGNORED_COLUMNS,
    empty: '',
  };
  return report.ignored.length > 0 ? [...lists, ignored] : lists;
}

/** What an import did (or, for a dry run, would do): counts per collection and every record to look at. */
export function MigrationReportView({ report }: { report: MigrationReport }) {
  const rows = LEGACY_COLLECTIONS.map((collection) => ({ collection, ...report.collections[collection] }));
  return (
    <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="report-title">
      <div className="flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="report-title" className="text-xl font-semibold m-0">
          {report.dryRun ? 'Dry run report' : 'Import report'}
        </h2>
        <Tag value={report.dryRun ? 'Nothing was written' : 'Imported'} severity={report.dryRun ? 'info' : 'success'} />
      </div>
      <p className="text-muted mt-0">
        Finished {formatDateTime(report.finishedAt)}. PDFs {report.dryRun ? 'to copy' : 'copied'}: {report.pdfsStored}.
      </p>
      <DataTable
        value={rows}
        dataKey="collection"
        size="small"
        // On a phone each collection is a card of "column value" lines, as in every table of the portal.
        className="record-table"
        responsiveLayout="stack"
        pt={{ table: { 'aria-label': 'Records per collection' } }}
      >
        <Column field="collection" header="Collection" />
        {COUNT_COLUMNS.map((field) => (
          <Column key={field} field={field} header={field[0]?.toUpperCase() + field.slice(1)} />
        ))}
      </DataTable>
      {reportLists(report).map((list) => (
        <ReportList key={list.title} {...list} />
      ))}
    </section>
  );
}
