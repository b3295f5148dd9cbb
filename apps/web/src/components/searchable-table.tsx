import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import { DataTable, type DataTableValueArray } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useState } from 'react';
import './searchable-table.css';

interface SearchableTableProps<Rows extends DataTableValueArray> {
  value: Rows;
  loading: boolean;
  /** Controls shown left of the search box. */
  toolbar: ReactNode;
  /** The search box's accessible name: "Search files". */
  searchLabel: string;
  searchFields: string[];
  emptyMessage: string;
  /** Column elements. */
  children: ReactNode;
}

/** A table searched and paged in the browser: 10 rows a page, 5/10/25 to choose from; rows stack on a phone. */
export function SearchableTable<Rows extends DataTableValueArray>({
  value,
  loading,
  toolbar,
  searchLabel,
  searchFields,
  emptyMessage,
  children,
}: SearchableTableProps<Rows>) {
  const [search, setSearch] = useState('');
  const header = (
    <div className="flex flex-wrap align-items-end justify-content-between gap-2">
      {toolbar}
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search..."
          aria-label={searchLabel}
        />
      </IconField>
    </div>
  );
  return (
    <DataTable
      value={value}
      dataKey="_id"
      loading={loading}
      header={header}
      globalFilter={search}
      globalFilterFields={searchFields}
      paginator
      rows={10}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      emptyMessage={emptyMessage}
      responsiveLayout="stack"
    >
      {children}
    </DataTable>
  );
}
