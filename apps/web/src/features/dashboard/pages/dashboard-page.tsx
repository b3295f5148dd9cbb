import { can, type StatsQuery } from '@portal/contract';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLandingPath } from '../../../lib/session/guards.tsx';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { useCountByLanguage } from '../api/get-count-by-language.ts';
import { useStatsSummary } from '../api/get-stats-summary.ts';
import { FirstStep } from '../components/first-step.tsx';
import { isoDay, monthBounds } from '../components/stats-dates.ts';
import { StatsFilters } from '../components/stats-filters.tsx';
import { SummaryCards } from '../components/summary-cards.tsx';

const LanguageTable = lazy(async () => ({
  default: (await import('../components/language-table.tsx')).LanguageTable,
}));
const LanguageCharts = lazy(async () => ({
  default: (await import('../components/language-charts.tsx')).LanguageCharts,
}));

function currentMonth(): StatsQuery {
  const { start, end } = monthBounds();
  return { start: isoDay(start), end: isoDay(end), includeStaff: false };
}

const sameQuery = (a: StatsQuery, b: StatsQuery) =>
  a.start === b.start && a.end === b.end && a.book === b.book && a.includeStaff === b.includeStaff;

/** Everyone's download statistics; whoever may not read them is sent to the landing page. */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.dashboard'));
  const { user } = useSession();
  const landing = useLandingPath();
  return can(user?.role, 'stats:read') ? <Statistics /> : <Navigate to={landing} replace />;
}

/** Figures, a table and charts of downloads per language for a range of days and a book, the staff's or not. */
function Statistics() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<StatsQuery>(currentMonth);
  const counts = useCountByLanguage(query);
  const summary = useStatsSummary(query);
  const search = (next: StatsQuery) => {
    if (!sameQuery(next, query)) return setQuery(next);
    void counts.refetch();
    void summary.refetch();
  };

  const loading = counts.isFetching || summary.isFetching;
  const error = counts.error ?? summary.error;
  const rows = counts.isError ? [] : (counts.data ?? []);

  return (
    <section className="flex flex-column gap-3" aria-labelledby="page-title">
      <div className="surface-card border-round-xl shadow-1 p-3 md:p-4">
        <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-3">
          {t('common.dashboard')}
        </h1>
        <FirstStep />
        <StatsFilters onSearch={search} searching={loading} />
        {loading && <ProgressBar mode="indeterminate" className="page-loader" aria-label={t('stats.loading')} />}
        {error && <Message severity="error" text={error.message} className="w-full justify-content-start mt-2" />}
      </div>
      {summary.data && !summary.isError && <SummaryCards summary={summary.data} />}
      <Suspense fallback={<PageLoader />}>
        <div className="surface-card border-round-xl shadow-1 p-2 md:p-3">
          <LanguageTable rows={rows} query={query} />
        </div>
        <LanguageCharts rows={rows} query={query} />
      </Suspense>
    </section>
  );
}
