import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PdfPage } from '../../../components/pdf-page.tsx';
import { SaveEditionButton } from '../../../components/save-edition-button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { isNoAnswer } from '../../../lib/api-client.ts';
import { useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { editionMonth } from '../../../lib/editions/edition-cells.ts';
import { openEdition } from '../../../lib/editions/pdf-source.ts';
import { lastPageOf, rememberPage } from '../../../lib/editions/reading-memory.ts';
import { type SavedEdition, savedEditionsQuery } from '../../../lib/editions/saved-editions.ts';
import { editionQuery } from '../../../lib/resources/files.ts';
import { DayButtons } from '../components/day-buttons.tsx';
import { ReadingBar, useNight } from '../components/reading-bar.tsx';
import '../reader.css';

/** A page number given in the address, if it is one. */
function pageNumber(value: string | null): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/** Zoom is relative to the page fitting the reader's width (1), in steps of a quarter, from half to four times. */
const ZOOM_STEP = 1.25;
const ZOOM_LIMITS = { min: 0.5, max: 4 };
/** A swipe turns the page when it goes this far sideways, and further sideways than up or down. */
const SWIPE_PX = 60;

/** The reader's width for the page, following the window and the menu as they change. */
function useWidthOf(element: HTMLElement | null) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The edition's PDF (and what was saved of it, if it is read from this device), opened again when `attempt`
 * changes (Try again), closed when the reader is left.
 */
function usePdf(id: string, attempt: number) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [saved, setSaved] = useState<SavedEdition>();
  const [error, setError] = useState<unknown>();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens the file again
  useEffect(() => {
    setPdf(undefined);
    setSaved(undefined);
    setError(undefined);
    const leaving = new AbortController();
    const opening = { signal: leaving.signal, fail: (reason: unknown) => leaving.signal.aborted || setError(reason) };
    // Asked only of a saved copy, and only with a connection (without one, TanStack Query would wait for it).
    const current = async () =>
      onlineManager.isOnline() ? queryClient.fetchQuery(editionQuery(id)).catch(() => undefined) : undefined;
    openEdition(id, current, opening).then((edition) => {
      setPdf(edition.pdf);
      setSaved(edition.saved);
    }, opening.fail);
    return () => leaving.abort();
  }, [id, attempt, queryClient]);
  return { pdf, saved, error, fail: useCallback((reason: unknown) => setError(reason), []) };
}

/**
 * An edition read in the browser: pdf.js draws one page at a time from the bytes it asks the portal for
 * (range loading), so page one shows long before the whole file could arrive. Opening it counts as the
 * member's download. Pages turn with the buttons, the arrow keys or a swipe; the last page read and night
 * mode are remembered on this device.
 */
export function ReaderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const { pdf, saved, error, fail } = usePdf(id, attempt);
  // Offline, what was saved with the copy names it.
  const edition = useQuery(editionQuery(id)).data ?? saved?.file;
  const title = edition
    ? `${edition.book_name} · ${editionMonth(edition)} · ${edition.book_language}`
    : t('reader.title');
  useDocumentTitle(title);
  const pages = pdf?.numPages ?? 0;
  // Opened at a page (today's reading, `?page=`), else where the member last was in this edition.
  const [search] = useSearchParams();
  const [page, setPage] = useState(() => pageNumber(search.get('page')) ?? lastPageOf(id));
  const [draft, setDraft] = useState(String(page));
  const [zoom, setZoom] = useState(1);
  const { night, toggle: toggleNight } = useNight();
  const [view, setView] = useState<HTMLDivElement | null>(null);
  const width = useWidthOf(view);
  const download = useDownloadEdition();
  // No connection, and no copy here to fall back on (Try again opens one saved meanwhile).
  const savedHere = useQuery(savedEditionsQuery).data?.some((copy) => copy.file._id === id);
  const needsConnection = isNoAnswer(error) && !savedHere;

  const turnTo = useCallback(
    (wanted: number) => {
      if (pages === 0) return;
      const next = Math.min(Math.max(1, Math.round(wanted)), pages);
      setPage(next);
      setDraft(String(next));
      rememberPage(id, next);
      view?.scrollTo({ top: 0 });
    },
    [id, pages, view],
  );

  // A remembered page beyond this file's end (a replaced edition) becomes its last.
  useEffect(() => {
    if (pages > 0 && page > pages) turnTo(pages);
  }, [pages, page, turnTo]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
      const turns: Record<string, number> = {
        ArrowRight: page + 1,
        PageDown: page + 1,
        ArrowLeft: page - 1,
        PageUp: page - 1,
        Home: 1,
        End: pages,
      };
      const to = turns[event.key];
      if (to === undefined) return;
      event.preventDefault();
      turnTo(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, pages, turnTo]);

  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    // A page wider than the reader scrolls sideways instead.
    if (!start || !view || view.scrollWidth > view.clientWidth) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(event.clientY - start.y))
      turnTo(dx < 0 ? page + 1 : page - 1);
  };

  const zoomBy = (factor: number) =>
    setZoom((current) => Math.min(Math.max(current * factor, ZOOM_LIMITS.min), ZOOM_LIMITS.max));

  return (
    <div className={`reader${night ? ' reader-night' : ''}`}>
      <ReadingBar title={title} night={night} toggleNight={toggleNight}>
        <Button
          type="button"
          icon="pi pi-download"
          rounded
          text
          aria-label={t('downloads.card.download')}
          onClick={() => void download(id)}
        />
        {edition && <SaveEditionButton file={edition} compact text />}
      </ReadingBar>
      <div
        ref={setView}
        // Zoomed in, a finger pans the page sideways too.
        className={zoom > 1 ? 'reader-view reader-zoomed' : 'reader-view'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {error !== undefined ? (
          <div className="reader-message">
            <Message
              severity={needsConnection ? 'info' : 'error'}
              text={
                needsConnection
                  ? t('offline.needsConnection')
                  : t('reader.failed', { reason: error instanceof Error ? error.message : String(error) })
              }
            />
            <Button
              type="button"
              label={t('reader.retry')}
              icon="pi pi-refresh"
              onClick={() => setAttempt(attempt + 1)}
            />
          </div>
        ) : pdf ? (
          <PdfPage
            document={pdf}
            page={Math.min(page, pages)}
            width={width * zoom}
            label={t('reader.pageImage', { page, total: pages })}
            night={night}
            onError={fail}
          />
        ) : (
          <div className="reader-message" role="status">
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" />
            <p>{t('reader.opening')}</p>
          </div>
        )}
      </div>
      <nav className="reader-controls" aria-label={t('reader.controls')}>
        <Button
          type="button"
          icon="pi pi-chevron-left"
          rounded
          text
          aria-label={t('reader.previous')}
          disabled={page <= 1}
          onClick={() => turnTo(page - 1)}
        />
        {pages > 0 && (
          <span className="sr-only" aria-live="polite">
            {t('reader.pageImage', { page, total: pages })}
          </span>
        )}
        <span className="reader-page-number">
          <label htmlFor="reader-page-input" className="sr-only">
            {t('reader.page')}
          </label>
          <InputText
            id="reader-page-input"
            value={draft}
            inputMode="numeric"
            size={3}
            disabled={pages === 0}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => turnTo(Number(draft) || page)}
            onKeyDown={(event) => {
              // Done with the number: the arrow keys turn pages again.
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
          />
          <span>{t('reader.pageCount', { total: pages })}</span>
        </span>
        <Button
          type="button"
          icon="pi pi-chevron-right"
          rounded
          text
          aria-label={t('reader.next')}
          disabled={page >= pages}
          onClick={() => turnTo(page + 1)}
        />
        {edition && pages > 0 && <DayButtons edition={edition} page={page} turnTo={turnTo} />}
        <span className="reader-zoom">
          <Button
            type="button"
            icon="pi pi-search-minus"
            rounded
            text
            aria-label={t('reader.zoomOut')}
            disabled={zoom <= ZOOM_LIMITS.min}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
          />
          <Button
            type="button"
            label={t('reader.zoom', { zoom })}
            text
            aria-label={t('reader.fitWidth', { zoom })}
            title={t('reader.fitWidth', { zoom })}
            onClick={() => setZoom(1)}
          />
          <Button
            type="button"
            icon="pi pi-search-plus"
            rounded
            text
            aria-label={t('reader.zoomIn')}
            disabled={zoom >= ZOOM_LIMITS.max}
            onClick={() => zoomBy(ZOOM_STEP)}
          />
        </span>
      </nav>
    </div>
  );
}
