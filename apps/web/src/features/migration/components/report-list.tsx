import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import { Column, type ColumnProps } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
// The portal's tables' phone layout, which these share.
import '../../../components/record-table/record-table.css';
import { useTranslation } from 'react-i18next';
import { paginatorProps } from '../../../components/record-table/paginator.tsx';

export interface ReportColumn {
  field: string;
  header: string;
  /** The cell's content, where it is more than the field's value. */
  body?: ColumnProps['body'];
}

export interface ReportListProps {
  title: string;
  rows: object[];
  notListed: number;
  columns: ReportColumn[];
  empty: string;
}

/** One list of a migration report (conflicts, notes, missing PDFs), paged, with the number left out. */
export function ReportList({ title, rows, notListed, columns, empty }: ReportListProps) {
  const { t } = useTranslation();
  const total = rows.length + notListed;
  return (
    <section aria-label={title} className="mt-4">
      <h3 className="text-base font-semibold mt-0 mb-2">{t('migration.report.listTitle', { title, total })}</h3>
      <DataTable
        value={rows}
        paginator={rows.length > 10}
        rows={10}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        {...paginatorProps(t)}
        emptyMessage={empty}
        size="small"
        // On a phone each record is a card of "column value" lines, as in every table of the portal.
        className="record-table"
        responsiveLayout="stack"
        pt={{ table: { 'aria-label': title } }}
      >
        {columns.map((column) => (
          <Column key={column.field} field={column.field} header={column.header} body={column.body} />
        ))}
      </DataTable>
      {notListed > 0 && (
        <p className="text-muted text-sm mb-0">{t('migration.report.notListed', { count: notListed })}</p>
      )}
    </section>
  );
}
