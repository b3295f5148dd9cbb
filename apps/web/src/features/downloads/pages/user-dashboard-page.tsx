import { FILE_MESSAGES, type FileRecord, SEARCH_LIMITS } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCovers } from '../../../components/book-cover/book-cover.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { editionPageQuery, type EditionFilters as Filters, listedTo } from '../../../lib/resources/files.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { useRecountAfterDownload } from '../api/get-my-download-counts.ts';
import { thisMonthQuery } from '../api/get-this-month.ts';
import { DownloadCounts } from '../components/download-counts.tsx';
import { EditionFeed } from '../components/edition-feed.tsx';
import { EditionFilters } from '../components/edition-filters.tsx';
import { FileCards } from '../components/file-cards.tsx';
import { KeptToday } from '../components/kept-today.tsx';
import { SavedEditions } from '../components/saved-editions.tsx';
import { ThisMonthEditions } from '../components/this-month-editions.tsx';
import { useEditionView } from '../edition-view.ts';
import '../downloads.css';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { usePortalReached } from '../../../lib/portal-reach.ts';
import type { ServerPage } from '../../../lib/resources/server-page.ts';

/** The table, and the back office's table code under it, only for those who choose it on a wide screen. */
const EditionTable = lazy(async () => ({ default: (await import('../components/edition-table.tsx')).EditionTable }));

const FIRST_PAGE: ServerPage = { first: 0, rows: 10, sortField: 'edition', sortOrder: -1, search: '' };

/**
 * A member's home, made for a phone: next month's editions that are out early and this month's, in their
 * languages, first; then the earlier ones by month as they scroll (or a table, on a wide screen), and their
 * downloads on one line.
 */
export function UserDashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.dashboard'));
  const { user } = useSession();
  const thisMonth = useQuery(thisMonthQuery);
  // Offline, or the portal not answering, with nothing fetched yet (the shell says which, once): the saved editions
  // instead of placeholders and an error per section.
  const online = useOnline();
  const reached = usePortalReached();
  const cutOff = (!online || !reached) && thisMonth.data === undefined;
  const coverOf = useCovers();
  const { canChoose, view, choose } = useEditionView();
  // The member's own language until they choose another, or all.
  const [chosen, setChosen] = useState<Partial<Filters>>({});
  const filters: Filters = {
    book: chosen.book ?? null,
    language: chosen.language === undefined ? (thisMonth.data?.languages[0] ?? null) : chosen.language,
  };
  const [page, setPage] = useState(FIRST_PAGE);
  // Earlier editions go up to this month: next month's, out early, have their own place above.
  const to = thisMonth.data ? listedTo(thisMonth.data) : null;
  const table = useQuery({ ...editionPageQuery(page, filters, to), enabled: view === 'table' && !thisMonth.isPending });
  const startDownload = useDownloadEdition();
  const recount = useRecountAfterDownload();
  const download = async (file: FileRecord) => {
    await startDownload(file._id);
    recount();
  };
  const notify = useToast();

  useEffect(() => {
    if (table.isError) {
      notify(errorToast(translateMessage(FILE_MESSAGES.loadFailed)));
    }
  }, [table.isError, notify]);

  const nextMonth = thisMonth.data?.nextMonth;
  const shown = new Set(thisMonth.data?.editions.flatMap(({ file }) => (file ? [file._id] : [])));
  const changeFilters = (change: Partial<Filters>) => {
    setChosen((current) => ({ ...current, ...change }));
    setPage((current) => ({ ...current, first: 0 }));
  };

  return (
    <div className="member-home flex flex-column gap-3">
      <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="page-title">
        <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-1">
          {t('downloads.home.welcome', { name: user?.fullName })}
        </h1>
        <p className="mt-0 mb-2 text-muted wrap-anywhere">{user?.email}</p>
        {!cutOff && <DownloadCounts />}
        {!cutOff && (
          // The text of every edition in the member's languages (issue 33), a search away from the home.
          <Form method="get" action="/user/search" role="search" className="flex gap-2 mt-3">
            <InputText
              name="q"
              type="search"
              aria-label={t('search.title')}
              placeholder={t('search.title')}
              minLength={SEARCH_LIMITS.min}
              maxLength={SEARCH_LIMITS.max}
              required
              className="flex-1 min-w-0"
            />
            <Button type="submit" icon="pi pi-search" aria-label={t('search.submit')} />
          </Form>
        )}
      </section>
      {cutOff && <KeptToday />}
      {cutOff && <SavedEditions offline />}
      {!cutOff && (
        <>
          {nextMonth && nextMonth.files.length > 0 && (
            <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="next-month-title">
              <h2 id="next-month-title" className="text-xl font-semibold mt-0 mb-3">
                {t('downloads.home.nextMonth')}
              </h2>
              <FileCards files={nextMonth.files} coverOf={coverOf} onDownload={download} />
            </section>
          )}
          <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="this-month-title">
            <h2 id="this-month-title" className="text-xl font-semibold mt-0 mb-3">
              {t('downloads.home.thisMonth')}
            </h2>
            <ThisMonthEditions thisMonth={thisMonth} coverOf={coverOf} onDownload={download} />
          </section>
          <SavedEditions offline={!online || !reached} />
          {/* Shown once this month's editions are known, from which it takes its language: it never jumps down. */}
          {!thisMonth.isPending && (
            <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="earlier-title">
              <h2 id="earlier-title" className="text-xl font-semibold mt-0 mb-3">
                {t('downloads.home.earlier')}
              </h2>
              <EditionFilters
                filters={filters}
                onChange={changeFilters}
                view={canChoose ? { value: view, onChange: choose } : undefined}
              />
              {view === 'table' ? (
                <Suspense fallback={<PageLoader />}>
                  <EditionTable
                    files={table.data?.items ?? []}
                    loading={table.isFetching}
                    serverPage={{ total: table.data?.total ?? 0, page, onChange: setPage }}
                    onDownload={(file) => void download(file)}
                  />
                </Suspense>
              ) : (
                <EditionFeed filters={filters} to={to} shown={shown} coverOf={coverOf} onDownload={download} />
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
