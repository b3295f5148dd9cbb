import { can, FILE_MESSAGES, type FileRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { ConfirmDelete } from '../../../components/record-table/confirm-delete.tsx';
import { useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { filesQuery, useDeleteFile } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import { editionNotificationsQuery, useResendFailed } from '../../../lib/resources/notifications.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { errorToast, TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { daysFoundQuery } from '../api/get-days-found.ts';
import { missingFilesQuery } from '../api/get-missing-files.ts';
import { DaysDialog } from '../components/days-dialog.tsx';
import { FileTable } from '../components/file-table.tsx';
import { NotificationsPause } from '../components/notifications-pause.tsx';
import { UploadDialog } from '../components/upload-dialog.tsx';

export function FileListPage() {
  const { t } = useTranslation();
  const notify = useToast();
  const files = useQuery(filesQuery);
  const missing = useQuery(missingFilesQuery);
  const daysFound = useQuery(daysFoundQuery);
  const noLanguages = useQuery(languageRecords.listQuery).data?.length === 0;
  const told = useQuery({
    ...editionNotificationsQuery,
    select: (editions) => new Map(editions.map((edition) => [edition.fileId, edition])),
  });
  const resend = useResendFailed();
  const managesMail = can(useSession().user?.role, 'notifications:manage');
  const deleteFile = useDeleteFile();
  const download = useDownloadEdition();
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);
  const [mapping, setMapping] = useState<FileRecord | null>(null);

  useEffect(() => {
    if (files.isError) notify(errorToast(translateMessage(FILE_MESSAGES.loadFailed), { life: 'long' }));
  }, [files.isError, notify]);

  const confirmDelete = (file: FileRecord) =>
    deleteFile.mutate(file._id, {
      onSuccess: () =>
        notify({
          severity: 'success',
          summary: t('common.success'),
          detail: translateMessage(FILE_MESSAGES.deleted),
          life: TOAST_LIFE.long,
        }),
      onError: () => notify(errorToast(translateMessage(FILE_MESSAGES.deleteFailed), { life: 'long' })),
    });

  return (
    <PageSection title={t('menu.fileList')}>
      <NotificationsPause managed={managesMail} />
      {/* The table shows its own bar while the list first loads. */}
      {(files.isRefetching || deleteFile.isPending) && <PageLoader />}
      <FileTable
        files={files.data ?? []}
        missing={missing.data ?? new Set()}
        daysFound={daysFound.data ?? new Map()}
        loading={files.isPending}
        onDownload={(file) => void download(file._id)}
        onDelete={setDeleting}
        onSetDays={setMapping}
        told={told.data ?? new Map()}
        onResend={
          managesMail
            ? (file) =>
                resend.mutate(file._id, {
                  onSuccess: ({ message }) =>
                    notify({
                      severity: 'success',
                      summary: t('common.success'),
                      detail: translateMessage(message),
                    }),
                  onError: (error) => notify(errorToast(error)),
                })
            : undefined
        }
        toolbar={<Button label={t('files.import')} icon="pi pi-upload" onClick={() => setImporting(true)} />}
        firstStep={
          noLanguages ? (
            <>
              <p className="mt-0">{translateMessage(FILE_MESSAGES.noFilesNoLanguages)}</p>
              <Link to="/admin/languages">{t('files.goToLanguages')}</Link>
            </>
          ) : (
            translateMessage(FILE_MESSAGES.noFiles)
          )
        }
      />
      {importing && <UploadDialog onHide={() => setImporting(false)} />}
      {mapping && (
        <DaysDialog
          file={mapping}
          daysInMonth={daysFound.data?.get(mapping._id)?.of ?? 31}
          onHide={() => setMapping(null)}
        />
      )}
      <ConfirmDelete
        message={deleting ? t('table.deleteOne', { row: deleting.name }) : null}
        onHide={() => setDeleting(null)}
        onAccept={() => deleting && confirmDelete(deleting)}
      />
    </PageSection>
  );
}
