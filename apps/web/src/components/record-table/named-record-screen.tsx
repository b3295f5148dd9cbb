import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedRecord } from '../../lib/resources/named-records.ts';
import { PageSection } from '../page-section.tsx';
import { dateBody } from './format-date.ts';
import { NamedRecordDialog, type NamedRecordDialogProps } from './named-record-dialog.tsx';
import { type RecordDeletion, RecordTable } from './record-table.tsx';

interface NamedRecordScreenProps<Record extends NamedRecord>
  extends Omit<NamedRecordDialogProps<Record>, 'record' | 'onHide'> {
  /** The page's heading and the table's name: "Languages". */
  title: string;
  /** A line above the table, say why there is no Delete. */
  note?: string;
  /** What the empty table says while no record exists at all: the first thing to do. */
  firstStep?: string;
  /** Adds selection and deletion (see RecordTable); a kind of record that is never deleted has none. */
  onDelete?: RecordDeletion<Record>;
  /** Columns of what the kind has besides its name (a book's cover), shown after the name. */
  children?: ReactNode;
}

/** What the dialog is open for: a new record, or the one being renamed. */
type Editing<Record> = { record?: Record } | null;

/**
 * The back-office screen of a kind of record that is just a name (languages, books): a searchable table of
 * names with their dates, New and rename in a dialog, and deletion where the kind has it.
 */
export function NamedRecordScreen<Record extends NamedRecord>({
  title,
  note,
  firstStep,
  onDelete,
  children,
  ...kind
}: NamedRecordScreenProps<Record>) {
  const { t } = useTranslation();
  const list = useQuery(kind.records.listQuery);
  const [editing, setEditing] = useState<Editing<Record>>(null);

  return (
    <PageSection title={title}>
      {note && <p className="mt-0 text-muted line-height-3">{note}</p>}
      <RecordTable
        label={title}
        value={list.data ?? []}
        loading={list.isPending}
        error={list.error}
        emptyMessage={(list.data?.length === 0 && firstStep) || kind.words.none}
        rowLabel={(record) => record.name}
        labelField="name"
        globalFilterFields={['name']}
        onNew={() => setEditing({})}
        onEdit={(record) => setEditing({ record })}
        onDelete={onDelete}
      >
        <Column field="name" header={t('table.name')} sortable />
        {children}
        <Column field="createdAt" header={t('table.created')} sortable body={dateBody('createdAt')} />
        <Column field="updatedAt" header={t('table.updated')} sortable body={dateBody('updatedAt')} />
      </RecordTable>
      {editing && <NamedRecordDialog {...kind} record={editing.record} onHide={() => setEditing(null)} />}
    </PageSection>
  );
}
