import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { myDownloadCountsQuery } from '../api/get-my-download-counts.ts';
import '../downloads.css';
import { useTranslation } from 'react-i18next';

const figure = (value: number | undefined) =>
  value === undefined ? <Skeleton width="1.5rem" height="1rem" className="inline-block" /> : <strong>{value}</strong>;

/** The user's own downloads this month and this year, on one line. */
export function DownloadCounts() {
  const { t } = useTranslation();
  const counts = useQuery(myDownloadCountsQuery);
  if (counts.isError) {
    return <p className="p-error m-0">{t('errors.occurred', { detail: counts.error.message })}</p>;
  }
  return (
    <div className="download-counts">
      <i className="pi pi-download" aria-hidden="true" />
      <span className="download-count">
        {t('downloads.counts.thisMonth')} {figure(counts.data?.thisMonth)}
      </span>
      <span aria-hidden="true">·</span>
      <span className="download-count">
        {t('downloads.counts.thisYear')} {figure(counts.data?.thisYear)}
      </span>
    </div>
  );
}
