import { type EditionDaysFound, type EditionNotifications, FILE_MESSAGES, type FileRecord } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadLink } from '../../../components/read-link.tsx';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { editionMonth, editionSize, sortByEdition } from '../../../lib/editions/edition-cells.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { DAYS_WORDS } from './days-words.ts';

interface FileTableProps {
  files: FileRecord[];
  /** Ids of files whose PDF the server has lost. */
  missing: ReadonlySet<string>;
  /** How many of its month's days each edition's map has, by file id. */
  daysFound: ReadonlyMap<string, EditionDaysFound>;
  loading: boolean;
  onDownload: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
  toolbar: ReactNode;
  /** What the table says while no edition has been uploaded at all. */
  firstStep: ReactNode;
  /** How each edition's new-edition mail went, by file id. */
  told: ReadonlyMap<string, EditionNotifications>;
  /** Given to those who may send an edition's failed mails again. */
  onResend?: ((file: FileRecord) => void) | undefined;
  /** Opens the dialog that sets where the edition's days begin. */
  onSetDays: (file: FileRecord) => void;
}

/** The file manager's table of edition files. */
export function FileTable({
  files,
  missing,
  daysFound,
  loading,
  onDownload,
  onDelete,
  toolbar,
  firstStep,
  told,
  onResend,
  onSetDays,
}: FileTableProps) {
  const { t } = useTranslation();
  const toldCell = (file: FileRecord) => {
    const mail = told.get(file._id);
    if (!mail) return <span className="text-muted">{t('files.told.none')}</span>;
    const reasons = mail.reasons.map((reason) => `${reason.error} (${reason.count})`).join('\n');
    return (
      <div className="flex flex-wrap align-items-center gap-1">
        <Tag severity="success" value={t('files.told.sent', { count: mail.sent })} />
        {mail.queued > 0 && <Tag severity="info" value={t('files.told.queued', { count: mail.queued })} />}
        {mail.failed > 0 && (
          <Tag severity="danger" value={t('files.told.failed', { count: mail.failed })} title={reasons} />
        )}
        {mail.failed > 0 && onResend && (
          <Button
            type="button"
            label={t('files.told.resend')}
            icon="pi pi-replay"
            text
            size="small"
            aria-label={t('files.told.resendFor', { file: file.name })}
            onClick={() => onResend(file)}
          />
        )}
      </div>
    );
  };
  // "Days: 30 of 30 found", "Days: none found".
  // The label opens the days dialog.
  const daysLabel = (file: FileRecord, days: EditionDaysFound | undefined) => {
    if (!days) return null;
    const label = t(DAYS_WORDS[days.source], { found: days.found, of: days.of });
    return (
      <Button
        type="button"
        link
        size="small"
        className="block p-0 mt-1 text-left"
        label={label}
        aria-label={t('files.daysDialog.open', { days: label, file: file.name })}
        onClick={() => onSetDays(file)}
      />
    );
  };
  // The uploaded file's name says nothing of the book when it was, say, scan.pdf: the book goes beneath it
  // (one block, so that a row stacked on a phone keeps them together).
  const nameAndBook = (file: FileRecord) => (
    <div>
      {file.name}
      <small className="block text-muted">{file.book_name}</small>
      {missing.has(file._id) && (
        <Tag severity="danger" className="mt-1" value={translateMessage(FILE_MESSAGES.missingTag)} />
      )}
      {daysLabel(file, daysFound.get(file._id))}
    </div>
  );
  const actions = (file: FileRecord) => (
    <div className="flex gap-2">
      <Button
        icon="pi pi-download"
        rounded
        outlined
        aria-label={t('files.table.download', { file: file.name })}
        onClick={() => onDownload(file)}
      />
      <ReadLink file={file} label={t('files.table.read', { file: file.name })} />
      <Button
        icon="pi pi-trash"
        rounded
        outlined
        severity="danger"
        aria-label={t('table.deleteRow', { row: file.name })}
        onClick={() => onDelete(file)}
      />
    </div>
  );
  return (
    <RecordTable
      label={t('files.table.label')}
      value={files}
      loading={loading}
      emptyMessage={files.length === 0 ? firstStep : t('files.table.none')}
      rowLabel={(file) => file.name}
      rows={10}
      globalFilterFields={['name', 'book_name', 'book_language', 'book_month', 'book_year']}
      toolbar={toolbar}
    >
      <Column field="name" header={t('table.name')} sortable body={nameAndBook} />
      <Column field="book_language" header={t('files.fields.language')} sortable />
      <Column
        field="book_month"
        header={t('files.fields.month')}
        sortable
        sortFunction={sortByEdition}
        body={editionMonth}
      />
      <Column field="file_size" header={t('files.table.size')} sortable body={editionSize} />
      <Column
        field="created"
        header={t('files.table.uploadedOn')}
        sortable
        body={(file: FileRecord) => formatDateTime(file.created)}
      />
      <Column header={t('files.told.header')} body={toldCell} />
      <Column header={t('table.actions')} body={actions} />
    </RecordTable>
  );
}
