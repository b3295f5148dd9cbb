import { MAX_MIGRATION_UPLOAD_BYTES } from '@portal/contract';
import { FileUpload } from 'primereact/fileupload';

interface ExportPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
}

/** Picks the legacy export: its .json files, or one .zip of them and the PDFs. */
export function ExportPicker({ files, onChange, disabled }: ExportPickerProps) {
  return (
    <FileUpload
      name="files"
      multiple
      accept=".json,.zip,application/json,application/zip"
      maxFileSize={MAX_MIGRATION_UPLOAD_BYTES}
      customUpload
      uploadOptions={{ className: 'hidden' }}
      cancelLabel="Clear"
      disabled={disabled}
      chooseOptions={{ icon: 'pi pi-folder-open', label: 'Choose files' }}
      pt={{ input: { 'aria-label': 'Legacy export files' } }}
      onSelect={(event) => onChange(event.files)}
      onRemove={(event) => onChange(files.filter((file) => file !== event.file))}
      onClear={() => onChange([])}
      emptyTemplate={
        <p className="m-0 text-muted">
          Drop the export here: accounts.json, churches.json, languages.json, translations.json, files.json and
          transactions.json, or one .zip of them with the PDFs.
        </p>
      }
    />
  );
}
