import type { FileRecord } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { ReadLink } from '../../../components/read-link.tsx';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { SaveEditionButton } from '../../../components/save-edition-button.tsx';
import { editionMonth, editionSize } from '../../../lib/editions/edition-cells.ts';
import type { ServerPage } from '../../../lib/resources/server-page.ts';

interface EditionTableProps {
  files: FileRecord[];
  loading: boolean;
  /** The server pages, filters and sorts the editions. */
  serverPage: { total: number; page: ServerPage; onChange: (page: ServerPage) => void };
  onDownload: (file: FileRecord) => void;
}

const editionLabel = (file: FileRecord) => `${file.book_name} ${file.book_language} ${editionMonth(file)}`;

/** The member's editions as a table, on a wide screen. */
export function EditionTable({ files, loading, serverPage, onDownload }: EditionTableProps) {
  const { t } = useTranslation();
  const actions = (file: FileRecord) => (
    <span className="flex gap-2">
      <Button
        icon="pi pi-download"
        rounded
        outlined
        aria-label={t('downloads.table.downloadRow', { edition: editionLabel(file) })}
        onClick={() => onDownload(file)}
      />
      <ReadLink file={file} label={t('downloads.table.readRow', { edition: editionLabel(file) })} />
      <SaveEditionButton file={file} compact />
    </span>
  );
  return (
    <RecordTable
      label={t('downloads.table.label')}
      value={files}
      loading={loading}
      emptyMessage={t('downloads.noBook')}
      rowLabel={editionLabel}
      serverPage={serverPage}
    >
      <Column header={t('downloads.panel.title')} body={actions} />
      <Column field="book_name" header={t('downloads.table.bookName')} sortable />
      <Column field="book_language" header={t('downloads.language')} sortable />
      {/* The server sorts by edition: year, then month. */}
      <Column field="book_month" sortField="edition" header={t('downloads.month')} sortable body={editionMonth} />
      <Column field="file_size" header={t('downloads.table.fileSize')} sortable body={editionSize} />
    </RecordTable>
  );
}
