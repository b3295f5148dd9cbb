import { type CountItem, PAGE_SIZE_OPTIONS, STATS_MESSAGES, type StatsQuery } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { paginatorProps } from '../../../components/record-table/paginator.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { downloadFile, rangeLabel } from './download-file.ts';
import { languageCsv } from './language-csv.ts';

interface LanguageTableProps {
  rows: CountItem[];
  query: StatsQuery;
}

/** Downloads per language, sortable and paged, with a CSV export of every row. */
export function LanguageTable({ rows, query }: LanguageTableProps) {
  const { t, i18n } = useTranslation();
  const exportCsv = () =>
    downloadFile(
      new Blob([languageCsv(rows, t, i18n.language)], { type: 'text/csv;charset=utf-8' }),
      `downloads-by-language_${rangeLabel(query)}.csv`,
    );

  const header = (
    <div className="flex flex-wrap align-items-center justify-content-between gap-2">
      <h2 className="text-lg font-semibold m-0">{t('stats.table.title')}</h2>
      <Button
        type="button"
        label={t('stats.table.exportCsv')}
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
      {...paginatorProps(t)}
      emptyMessage={translateMessage(STATS_MESSAGES.noLanguage)}
      pt={{ table: { 'aria-label': t('stats.table.title') } }}
      size="small"
    >
      <Column field="_id" header={t('stats.table.language')} sortable />
      <Column field="count" header={t('stats.table.count')} sortable />
    </DataTable>
  );
}
