import { ProgressBar } from 'primereact/progressbar';
import { useMigrationProgress } from '../api/get-migration-progress.ts';

/** The running import's phase and share done, asked of the server while the upload is in flight. */
export function MigrationProgressBar() {
  const { data } = useMigrationProgress();
  const known = data?.running && data.total > 0;
  const percent = known ? Math.round((data.done / data.total) * 100) : 0;
  return (
    <div className="mt-3" role="status">
      <p className="text-sm mt-0 mb-1">
        {data?.phase ? `Working on ${data.phase}${known ? `: ${data.done} of ${data.total}` : ''}` : 'Starting'}
      </p>
      {known ? (
        <ProgressBar value={percent} aria-label="Import progress" />
      ) : (
        <ProgressBar mode="indeterminate" style={{ height: '6px' }} aria-label="Import progress" />
      )}
    </div>
  );
}
