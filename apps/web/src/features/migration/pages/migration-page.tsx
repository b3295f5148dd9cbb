import { MIGRATION_MESSAGES } from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { useMigrationReport } from '../api/get-migration-report.ts';
import { useImportLegacyExport } from '../api/import-legacy-export.ts';
import { ExportPicker, type ExportStatus } from '../components/export-picker.tsx';
import { MigrationProgressBar } from '../components/migration-progress-bar.tsx';
import { MigrationReportView } from '../components/migration-report-view.tsx';

/** Tells one selection of files from another: a dry run vouches only for the files it read. */
const selectionKey = (files: File[]) =>
  files
    .map((file) => `${file.name}:${file.size}:${file.lastModified}`)
    .sort()
    .join('|');

type Outcome = 'checked' | 'imported' | 'failed';

/** Each state of the chosen files: its words in the catalogue, and its colour. */
const STATUS = {
  new: { label: 'migration.status.new', severity: 'warning' },
  checking: { label: 'migration.status.checking', severity: 'info' },
  importing: { label: 'migration.status.importing', severity: 'info' },
  checked: { label: 'migration.status.checked', severity: 'info' },
  imported: { label: 'migration.status.imported', severity: 'success' },
  failed: { label: 'migration.status.failed', severity: 'danger' },
} as const satisfies Record<Outcome | 'new' | 'checking' | 'importing', ExportStatus>;

/** Super Admins import the legacy portal's export: a dry run first, then the import itself. */
export function MigrationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('menu.migration'));
  const notify = useToast();
  const report = useMigrationReport();
  const run = useImportLegacyExport();
  const [files, setFiles] = useState<File[]>([]);
  // What the latest run did with which selection: another selection is not checked yet.
  const [lastRun, setLastRun] = useState<{ key: string; outcome: Outcome } | null>(null);
  const key = selectionKey(files);
  const outcome = lastRun?.key === key ? lastRun.outcome : undefined;
  const checked = outcome === 'checked' || outcome === 'imported';
  const running = run.isPending && (run.variables.dryRun ? 'checking' : 'importing');

  const start = (dryRun: boolean) =>
    run.mutate(
      { files, dryRun },
      {
        onSuccess: () => {
          setLastRun({ key, outcome: dryRun ? 'checked' : 'imported' });
          notify({
            severity: 'success',
            summary: dryRun ? t('migration.dryRunFinished') : t('migration.importFinished'),
            detail: dryRun ? t('migration.dryRunDetail') : t('migration.importDetail'),
          });
        },
        onError: (error) => {
          setLastRun({ key, outcome: 'failed' });
          notify(errorToast(error, { summary: t('menu.migration'), life: 'long' }));
        },
      },
    );

  return (
    <div className="flex flex-column gap-3">
      <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="page-title">
        <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-2">
          {t('menu.migration')}
        </h1>
        <p className="text-muted line-height-3 mt-0">{t('migration.intro')}</p>
        <ExportPicker
          files={files}
          onChange={setFiles}
          status={{ ...STATUS[running || outcome || 'new'], label: t(STATUS[running || outcome || 'new'].label) }}
          disabled={run.isPending}
        />
        <div className="flex flex-wrap gap-2 mt-3">
          <Button
            type="button"
            label={t('migration.dryRun')}
            icon="pi pi-search"
            outlined
            disabled={files.length === 0 || run.isPending}
            loading={run.isPending && run.variables?.dryRun}
            onClick={() => start(true)}
          />
          <Button
            type="button"
            label={t('files.import')}
            icon="pi pi-upload"
            disabled={files.length === 0 || !checked || run.isPending}
            loading={run.isPending && run.variables?.dryRun === false}
            onClick={() => start(false)}
          />
        </div>
        {files.length > 0 && !checked && !run.isPending && (
          <p className="text-sm text-muted mb-0">{t('migration.importAfterDryRun')}</p>
        )}
        {run.isPending && <MigrationProgressBar />}
        {run.isError && (
          <Message severity="error" text={run.error.message} className="w-full justify-content-start mt-3" />
        )}
      </section>
      {report.isPending && <PageLoader />}
      {report.isError && <Message severity="error" text={report.error.message} />}
      {report.data === null && <Message severity="info" text={translateMessage(MIGRATION_MESSAGES.noReport)} />}
      {report.data && <MigrationReportView report={report.data} />}
    </div>
  );
}
