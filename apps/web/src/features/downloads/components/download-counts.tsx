import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { myDownloadCountsQuery } from '../api/get-my-download-counts.ts';
import '../downloads.css';

/** The user's own downloads this month and this year, as two figures. */
export function DownloadCounts() {
  const counts = useQuery(myDownloadCountsQuery);
  if (counts.isError) return <p className="p-error m-0">An error has occurred: {counts.error.message}</p>;
  const figures = [
    { label: 'Downloads this month', value: counts.data?.thisMonth, icon: 'pi-calendar' },
    { label: 'Downloads this year', value: counts.data?.thisYear, icon: 'pi-chart-line' },
  ];
  return (
    <div className="grid">
      {figures.map(({ label, value, icon }) => (
        <div key={label} className="col-12 sm:col-6">
          <div className="download-count">
            <i className={`pi ${icon}`} aria-hidden="true" />
            <p className="m-0">
              <span className="block text-3xl font-bold">{value ?? <Skeleton width="3rem" height="2rem" />}</span>
              <span className="text-muted">{label}</span>
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
