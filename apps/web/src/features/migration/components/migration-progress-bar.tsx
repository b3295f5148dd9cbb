import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { useMigrationProgress } from '../api/get-migration-progress.ts';

/** The running import's phase and share done, asked of the server while the upload is in flight. */
export function MigrationProgressBar() {
  const { t } = useTranslation();
  const { data } = useMigrationProgress();
  const known = data?.running && data.total > 0;
  const percent = known ? Math.round((data.done / data.total) * 100) : 0;
  return (
    <div className="mt-3" role="status">
      <p className="text-sm mt-0 mb-1">
        {!data?.phase
          ? t('migration.progress.starting')
          : known
            ? t('migration.progress.counted', { phase: data.phase, done: data.done, total: data.total })
            : t('migration.progress.phase', { phase: data.phase })}
      </p>
      {known ? (
        <ProgressBar value={percent} aria-label={t('migration.progress.label')} />
      ) : (
        <ProgressBar mode="indeterminate" style={{ height: '6px' }} aria-label={t('migration.progress.label')} />
      )}
    </div>
  );
}
