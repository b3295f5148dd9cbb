import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import {
  DataTable,
  type DataTablePageEvent,
  type DataTableSortEvent,
  type DataTableValueArray,
} from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useEffect, useState } from 'react';
import type { DeleteOutcome } from '../../lib/resources/delete-records.ts';
import { errorToast, useToast } from '../../lib/toast.tsx';
import { PageLoader } from '../page-loader.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { deleteSummary } from './delete-summary.tsx';
import { paginatorProps } from './paginator.tsx';
import './record-table.css';
import { useTranslation } from 'react-i18next';
import type { ServerPage } from '../../lib/resources/server-page.ts';

const SEARCH_DELAY_MS = 300;

export interface RecordDeletion<Row> {
  /** Tries every row (see useDeleteRecords). */
  run: (rows: Row[]) => Promise<DeleteOutcome<Row>>;
  /** Toast when every row was deleted. */
  done: string;
  /** The question before several rows go, in the kind's own words: "Delete the 3 selected churches?". */
  question: (count: number) => string;
}

interface RecordTableProps<Row extends { id: string }> {
  /** The table's accessible name: "Churches". */
  label: string;
  value: Row[];
  loading: boolean;
  /** A failed load: shown in a toast and in the table. */
  error?: Error | null;
  /** What the table says without rows: a first step to take, where the list is empty because nothing was added yet. */
  emptyMessage: ReactNode;
  /** Names one row in its buttons and the delete question: "Grace Chapel". */
  rowLabel: (row: Row) => string;
  /** The field that names a row to its selection checkbox. */
  labelField?: keyof Row & string;
  /** First page size of a table paged in the browser; a server-paged table takes it from `serverPage`. */
  rows?: number;
  globalFilterFields?: string[];
  /** Controls of the page's own, shown left of the search box. */
  toolbar?: ReactNode;
  /** Tighter cells, so that a table of many columns (Users) fits a laptop's width. */
  dense?: boolean;
  /** Adds the New button. */
  onNew?: () => void;
  /** Adds an Edit button to each row; in a table without selection a click on a row edits it too. */
  onEdit?: (row: Row) => void;
  /** Adds row selection, the Delete button and a Delete button on each row, each asking first. */
  onDelete?: RecordDeletion<Row>;
  /**
   * Buttons that act on the selected rows, shown after Delete; adds row selection. `clear` empties the
   * selection once they are done.
   */
  selectionActions?: (selected: Row[], clear: () => void) => ReactNode;
  /** Makes the table server-paged: the server's total and the current page, changed through `onChange`. */
  serverPage?: { total: number; page: ServerPage; onChange: (page: ServerPage) => void };
  /** Column elements. */
  children: ReactNode;
}

/** Where the rows will be while the first ones load: grey bars, never "No ... found" before the answer. */
const LOADING_ROWS = (
  <div className="flex flex-column gap-3 py-1" aria-hidden="true">
    {[0, 1, 2, 3, 4].map((row) => (
      <Skeleton key={row} height="1.5rem" />
    ))}
  </div>
);

/**
 * The portal's table of records: global search, sorting, paging 5/10/25, a header with New, Delete and the page's
 * own controls, multi-select with a confirmed bulk delete, a loading bar, and toasts for a failed load or delete.
 * Pages in the browser by default, on the server with `serverPage`. On a phone each row is a card of
 * "column value" lines; on a wider screen too narrow for every column the table scrolls sideways, the row's
 * actions staying in view at its right edge.
 */
export function RecordTable<Row extends { id: string }>({
  label,
  value,
  loading,
  error,
  emptyMessage,
  rowLabel,
  labelField,
  rows = PAGE_SIZE_OPTIONS[0],
  globalFilterFields,
  toolbar,
  dense = false,
  onNew,
  onEdit,
  onDelete,
  selectionActions,
  serverPage,
  children,
}: RecordTableProps<Row>) {
  const { t } = useTranslation();
  const notify = useToast();
  const [search, setSearch] = useState(serverPage?.page.search ?? '');
  const [browserPage, setBrowserPage] = useState({ first: 0, rows });
  const [selected, setSelected] = useState<Row[]>([]);
  const [toDelete, setToDelete] = useState<Row[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (error) notify(errorToast(error, { life: 'long' }));
  }, [error, notify]);

  const serverSearch = serverPage?.page.search;
  const onServerChange = serverPage?.onChange;
  const currentPage = serverPage?.page;
  useEffect(() => {
    if (!onServerChange || !currentPage || search.trim() === serverSearch) return;
    const timer = setTimeout(
      () => onServerChange({ ...currentPage, first: 0, search: search.trim() }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search, serverSearch, onServerChange, currentPage]);

  const deleteQuestion = (rowsToDelete: Row[]) =>
    rowsToDelete.length === 1 && rowsToDelete[0]
      ? t('table.deleteOne', { row: rowLabel(rowsToDelete[0]) })
      : (onDelete?.question(rowsToDelete.length) ?? '');

  const deleteRows = async (rowsToDelete: Row[]) => {
    if (!onDelete) return;
    setDeleting(true);
    try {
      const outcome = await onDelete.run(rowsToDelete);
      const gone = new Set(outcome.deleted.map((row) => row.id));
      setSelected((current) => current.filter((row) => !gone.has(row.id)));
      notify(deleteSummary(outcome, rowLabel, onDelete.done, t));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const selectable = Boolean(onDelete || selectionActions);
  const header = (
    <div className="record-table-header">
      {(onNew || selectable || toolbar) && (
        <div className="flex flex-wrap align-items-end gap-2">
          {onNew && <Button type="button" label={t('table.new')} icon="pi pi-plus" onClick={onNew} />}
          {onDelete && (
            <Button
              type="button"
              label={t('common.delete')}
              icon="pi pi-trash"
              outlined
              disabled={selected.length === 0}
              onClick={() => setToDelete(selected)}
            />
          )}
          {selectionActions?.(selected, () => setSelected([]))}
          {toolbar}
        </div>
      )}
      <IconField iconPosition="left" className="record-table-search">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setBrowserPage((page) => ({ ...page, first: 0 }));
          }}
          placeholder={t('table.search')}
          aria-label={t('table.searchIn', { label: label.toLowerCase() })}
        />
      </IconField>
    </div>
  );

  const actions = (row: Row) => (
    <div className="flex gap-2">
      {onEdit && (
        <Button
          type="button"
          icon="pi pi-pencil"
          rounded
          outlined
          aria-label={t('table.editRow', { row: rowLabel(row) })}
          onClick={(event) => {
            event.stopPropagation();
            onEdit(row);
          }}
        />
      )}
      {onDelete && (
        <Button
          type="button"
          icon="pi pi-trash"
          rounded
          outlined
          severity="danger"
          aria-label={t('table.deleteRow', { row: rowLabel(row) })}
          onClick={(event) => {
            event.stopPropagation();
            setToDelete([row]);
          }}
        />
      )}
    </div>
  );

  const selection = selectable
    ? {
        selectionMode: 'multiple' as const,
        selection: selected,
        onSelectionChange: (event: { value: DataTableValueArray }) => setSelected(event.value as Row[]),
        metaKeySelection: false,
        selectionAriaLabel: labelField,
      }
    : {};
  const paging = serverPage
    ? {
        lazy: true,
        first: serverPage.page.first,
        rows: serverPage.page.rows,
        totalRecords: serverPage.total,
        sortField: serverPage.page.sortField,
        sortOrder: serverPage.page.sortOrder,
        onPage: (event: DataTablePageEvent) =>
          serverPage.onChange({ ...serverPage.page, first: event.first, rows: event.rows }),
        onSort: (event: DataTableSortEvent) =>
          serverPage.onChange({
            ...serverPage.page,
            first: 0,
            sortField: event.sortField,
            sortOrder: event.sortOrder === 1 ? 1 : -1,
          }),
      }
    : {
        first: browserPage.first,
        rows: browserPage.rows,
        onPage: (event: DataTablePageEvent) => setBrowserPage({ first: event.first, rows: event.rows }),
        globalFilter: search,
        globalFilterFields,
        removableSort: true,
      };

  return (
    <>
      {loading && <PageLoader />}
      <DataTable
        value={value}
        dataKey="id"
        className="record-table"
        size={dense ? 'small' : 'normal'}
        pt={{ table: { 'aria-label': label } }}
        header={header}
        loading={loading}
        paginator
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        {...paginatorProps(t)}
        emptyMessage={error ? t('errors.occurred', { detail: error.message }) : loading ? LOADING_ROWS : emptyMessage}
        // The stacked layout's column titles in each cell; record-table.css stacks them (PrimeReact's own rules
        // for it come only with a table that doesn't scroll).
        responsiveLayout="stack"
        scrollable
        // PrimeReact keeps a cell as it was while its row's record is unchanged, though its template reads more
        // (the File List's missing files and mail counts come after the files): every cell is drawn again.
        cellMemo={false}
        onRowClick={onEdit && !selectable ? (event) => onEdit(event.data as Row) : undefined}
        rowClassName={() => (onEdit && !selectable ? 'cursor-pointer' : '')}
        {...selection}
        {...paging}
      >
        {selectable && (
          <Column
            selectionMode="multiple"
            headerStyle={{ width: '3rem' }}
            // PrimeReact words this checkbox from its own English copy, as its state ("All items unselected"): it
            // names the action instead, and the checkbox says whether it is checked (decision 043).
            pt={{ headerCheckbox: { input: { 'aria-label': t('table.selectAll') } } }}
          />
        )}
        {children}
        {(onEdit || onDelete) && <Column header={t('table.actions')} body={actions} frozen alignFrozen="right" />}
      </DataTable>
      <ConfirmDelete
        message={toDelete ? deleteQuestion(toDelete) : null}
        onHide={() => setToDelete(null)}
        onAccept={() => {
          if (toDelete && !deleting) void deleteRows(toDelete);
        }}
      />
    </>
  );
}
