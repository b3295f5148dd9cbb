import { type CountItem, PAGE_SIZE_OPTIONS, STATS_MESSAGES } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { StatsQuery } from '../api/stats-query.ts';
import { downloadFile, rangeLabel } from './download-file.ts';
import { languageCsv } from './language-csv.ts';

interface LanguageTableProps {
  rows: CountItem[];
  query: StatsQuery;
}

/** Downloads per language, sortable and paged, with a CSV export of every row. */
export function LanguageTable({ rows, query }: LanguageTableProps) {
  const exportCsv = () =>
    downloadFile(
      new Blob([languageCsv(rows)], { type: 'text/csv;charset=utf-8' }),
      `downloads-by-language_${rangeLabel(query)}.csv`,
    );

  const header = (
    <div className="flex flex-wrap align-items-center justify-content-between gap-2">
      <h2 className="text-lg font-semibold m-0">Downloads per language</h2>
      <Button
        type="button"
        label="Export CSV"
        icon="pi pi-file-export"
        size="small"
        outlined
        disabled={rows.length === 0}
        onClick={exportCsv}
      />
    </div>
  );

  return (
    <DataTable
      value={rows}
      dataKey="_id"
      header={header}
      paginator
      rows={10}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      emptyMessage={STATS_MESSAGES.noLanguage}
      pt={{ table: { 'aria-label': 'Downloads per language' } }}
      size="small"
    >
      <Column field="_id" header="Language" sortable />
      <Column field="count" header="Count" sortable />
    </DataTable>
  );
}
