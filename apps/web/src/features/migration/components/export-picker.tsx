import { MAX_MIGRATION_UPLOAD_BYTES } from '@portal/contract';
import { Button } from 'primereact/button';
import { FileUpload } from 'primereact/fileupload';
import { Tag, type TagProps } from 'primereact/tag';
import { type SyntheticEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/i18n/format.ts';

/** Where the chosen files stand: what the latest run did with them, or that none has yet. */
export interface ExportStatus {
  label: string;
  severity: TagProps['severity'];
}

interface ExportPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  status: ExportStatus;
  disabled: boolean;
}

interface ExportFileProps {
  file: File;
  status: ExportStatus;
  disabled: boolean;
  onRemove: (event: SyntheticEvent) => void;
}

/**
 * One chosen file. PrimeReact's own row says "Pending" until its own upload, which this screen never uses: the row
 * says instead what the dry run or the import did with the file, and gives its size as the rest of the portal does.
 */
function ExportFile({ file, status, disabled, onRemove }: ExportFileProps) {
  const { t } = useTranslation();
  return (
    <div className="flex align-items-center gap-2 w-full">
      <div className="flex flex-wrap align-items-center column-gap-3 row-gap-1 flex-1">
        <span className="font-semibold p-fileupload-filename">{file.name}</span>
        <span className="text-muted">{formatFileSize(file.size)}</span>
        <Tag value={status.label} severity={status.severity} />
      </div>
      <Button
        type="button"
        icon="pi pi-times"
        rounded
        text
        severity="danger"
        aria-label={t('files.upload.remove', { file: file.name })}
        disabled={disabled}
        onClick={onRemove}
      />
    </div>
  );
}

/** Picks the legacy export: its .json files, or one .zip of them and the PDFs. */
export function ExportPicker({ files, onChange, status, disabled }: ExportPickerProps) {
  const { t } = useTranslation();
  const picker = useRef<FileUpload>(null);
  return (
    <FileUpload
      ref={picker}
      name="files"
      multiple
      accept=".json,.zip,application/json,application/zip"
      maxFileSize={MAX_MIGRATION_UPLOAD_BYTES}
      customUpload
      disabled={disabled}
      // The screen's own buttons send the files; PrimeReact's Clear is hidden from assistive technology, so this one
      // replaces it, and its progress bar (of its own upload, never used) is left out.
      headerTemplate={({ className, chooseButton }) => (
        <div className={className}>
          {chooseButton}
          <Button
            type="button"
            label={t('migration.picker.clear')}
            icon="pi pi-times"
            outlined
            disabled={disabled || files.length === 0}
            onClick={() => picker.current?.clear()}
          />
        </div>
      )}
      progressBarTemplate={() => null}
      chooseOptions={{ icon: 'pi pi-folder-open', label: t('migration.picker.choose') }}
      pt={{ input: { 'aria-label': t('migration.picker.files') } }}
      onSelect={(event) => onChange(event.files)}
      onRemove={(event) => onChange(files.filter((file) => file !== event.file))}
      onClear={() => onChange([])}
      itemTemplate={(file, options) => (
        <ExportFile file={file as File} status={status} disabled={disabled} onRemove={options.onRemove} />
      )}
      emptyTemplate={<p className="m-0 text-muted">{t('migration.picker.drop')}</p>}
    />
  );
}
