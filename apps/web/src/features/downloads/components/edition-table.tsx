import type { FileRecord } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import type { ReactNode } from 'react';
import { SearchableTable } from '../../../components/searchable-table.tsx';
import { editionMonth, editionSize } from '../../../lib/editions/edition-cells.ts';

interface EditionTableProps {
  files: FileRecord[];
  loading: boolean;
  onDownload: (file: FileRecord) => void;
  toolbar: ReactNode;
}

/** The user dashboard's table of editions to download. */
export function EditionTable({ files, loading, onDownload, toolbar }: EditionTableProps) {
  const downloadButton = (file: FileRecord) => (
    <Button
      icon="pi pi-download"
      rounded
      outlined
      aria-label={`Download ${file.book_name} ${file.book_language} ${editionMonth(file)}`}
      onClick={() => onDownload(file)}
    />
  );
  return (
    <SearchableTable
      value={files}
      loading={loading}
      toolbar={toolbar}
      searchLabel="Search editions"
      searchFields={['book_name', 'book_language', 'book_month', 'book_year']}
      emptyMessage="No Book was found."
    >
      <Column header="Download" body={downloadButton} />
      <Column field="book_name" header="Book Name" sortable />
      <Column field="book_language" header="Language" sortable />
      <Column field="book_month" header="Month" body={editionMonth} />
      <Column field="file_size" header="File Size" sortable body={editionSize} />
    </SearchableTable>
  );
}
