import { FILE_MESSAGES, type FileRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect, useState } from 'react';
import { DIALOG_SIZE } from '../../../components/dialog-size.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { useFiles } from '../../../lib/editions/get-files.ts';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { useDeleteFile } from '../api/delete-file.ts';
import { missingFilesQuery } from '../api/get-missing-files.ts';
import { FileTable } from '../components/file-table.tsx';
import { UploadDialog } from '../components/upload-dialog.tsx';

export function FileListPage() {
  const notify = useToast();
  const files = useFiles();
  const missing = useQuery(missingFilesQuery);
  const deleteFile = useDeleteFile();
  const download = useDownloadEdition();
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);

  useEffect(() => {
    if (files.isError)
      notify({ severity: 'error', summary: 'Error', detail: FILE_MESSAGES.loadFailed, life: TOAST_LIFE.long });
  }, [files.isError, notify]);

  const confirmDelete = (file: FileRecord) =>
    deleteFile.mutate(file._id, {
      onSuccess: () =>
        notify({ severity: 'success', summary: 'Success', detail: FILE_MESSAGES.deleted, life: TOAST_LIFE.long }),
      onError: () =>
        notify({ severity: 'error', summary: 'Error', detail: FILE_MESSAGES.deleteFailed, life: TOAST_LIFE.long }),
    });

  return (
    <PageSection title="File Manager">
      {(files.isFetching || deleteFile.isPending) && <PageLoader />}
      <FileTable
        files={files.data ?? []}
        missing={missing.data ?? new Set()}
        loading={files.isPending}
        onDownload={(file) => void download(file._id)}
        onDelete={setDeleting}
        toolbar={<Button label="Import" icon="pi pi-upload" onClick={() => setImporting(true)} />}
      />
      {importing && <UploadDialog onHide={() => setImporting(false)} />}
      <ConfirmDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header="Confirm"
        message={deleting ? `Are you sure you want to delete ${deleting.name}?` : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Yes"
        rejectLabel="No"
        accept={() => deleting && confirmDelete(deleting)}
        {...DIALOG_SIZE}
      />
    </PageSection>
  );
}
