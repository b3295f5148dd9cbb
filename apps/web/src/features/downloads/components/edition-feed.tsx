import { FILE_MESSAGES, type FileRecord } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { editionMonth } from '../../../lib/editions/edition-cells.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { type EditionFilters, editionFeedQuery } from '../../../lib/resources/files.ts';
import { FileCards } from './file-cards.tsx';

interface EditionFeedProps {
  filters: EditionFilters;
  /** The last month listed (listedTo). */
  to: string | null;
  /** Editions shown above already (this month's). */
  shown: ReadonlySet<string>;
  coverOf: (book: string) => string | null | undefined;
  onDownload: (file: FileRecord) => Promise<void>;
}

/** Loads the next page as the end of the list comes near, a screen ahead of the member's thumb. */
const AHEAD = '0px 0px 100% 0px';

/** Consecutive editions of the same month, the list being newest first. */
function byMonth(files: FileRecord[]) {
  const groups: { month: string; files: FileRecord[] }[] = [];
  for (const file of files) {
    const month = editionMonth(file);
    const last = groups.at(-1);
    if (last?.month === month) last.files.push(file);
    else groups.push({ month, files: [file] });
  }
  return groups;
}

/** The editions as cards grouped by month, newest first, a page more each time the member scrolls to the end. */
export function EditionFeed({ filters, to, shown, coverOf, onDownload }: EditionFeedProps) {
  const { t } = useTranslation();
  const feed = useInfiniteQuery(editionFeedQuery(filters, to));
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const pages = feed.data?.pages.length ?? 0;

  // Observed anew after each page, so that a page too short to fill the screen is followed by the next.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || isFetchingNextPage || pages === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages]);

  if (feed.isPending) return <Skeleton height="8rem" />;
  if (feed.isError) return <p className="p-error m-0">{translateMessage(FILE_MESSAGES.loadFailed)}</p>;
  const groups = byMonth(feed.data.pages.flatMap((page) => page.items).filter((file) => !shown.has(file._id)));
  return (
    <div className="flex flex-column gap-3">
      {groups.length === 0 && !hasNextPage && <p className="m-0 text-muted">{t('downloads.noBook')}</p>}
      {groups.map(({ month, files }) => (
        <section key={month}>
          <h3 className="edition-month">{month}</h3>
          <FileCards files={files} coverOf={coverOf} onDownload={onDownload} />
        </section>
      ))}
      <div ref={end}>
        {hasNextPage && (
          <Button
            type="button"
            label={t('downloads.showEarlier')}
            icon="pi pi-angle-down"
            outlined
            className="w-full"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          />
        )}
      </div>
    </div>
  );
}
