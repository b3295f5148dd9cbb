import type { FileRecord } from '@portal/contract';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Skeleton } from 'primereact/skeleton';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// pdf.js (440 KB, and its worker) comes with the days dialog's thumbnails, never with the File List's chunk.
const PdfPage = lazy(() => import('../../../components/pdf-page.tsx').then((module) => ({ default: module.PdfPage })));

/** A thumbnail's box, in CSS pixels: a page is drawn as large as fits in it; A4 and A5 fill it. */
const BOX = { width: 112, height: 158 };

/**
 * The edition's PDF, opened by the reader's code while the dialog is open (the copy saved on this device if it is
 * the current one, else the portal's, by ranges) and closed with the dialog; `failed` once it, or a page, can't
 * be read. Like the reader, opening it counts as the admin's download of the edition.
 */
export function useEditionPdf(file: FileRecord) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const closing = new AbortController();
    const opening = { signal: closing.signal, fail: () => closing.signal.aborted || setFailed(true) };
    import('../../../lib/editions/pdf-source.ts')
      .then(({ openEdition }) => openEdition(file._id, async () => file, opening))
      .then((edition) => setPdf(edition.pdf), opening.fail);
    return () => closing.abort();
  }, [file]);
  return { pdf, failed, fail: useCallback(() => setFailed(true), []) };
}

interface PageThumbnailProps {
  /** Undefined while the PDF opens. */
  pdf: PDFDocumentProxy | undefined;
  /** The number typed, if any: drawn when it is one of the PDF's pages. */
  page: number | null;
  onError: () => void;
}

/**
 * The page a form's number names, small, in a box of one size whatever it shows (the PDF opening, no page, a
 * page), so that the form doesn't move as the number changes.
 */
export function PageThumbnail({ pdf, page, onError }: PageThumbnailProps) {
  const { t } = useTranslation();
  const total = pdf?.numPages ?? 0;
  const shown = page !== null && page >= 1 && page <= total ? page : undefined;
  const label = shown === undefined ? '' : t('files.daysDialog.thumbnail', { page: shown, total });
  return (
    <figure className="days-thumbnail">
      <div className="days-thumbnail-box" style={BOX}>
        {!pdf ? (
          <Skeleton width={`${BOX.width}px`} height={`${BOX.height}px`} />
        ) : (
          shown !== undefined && (
            <Suspense fallback={null}>
              <PdfPage
                document={pdf}
                page={shown}
                width={BOX.width}
                maxHeight={BOX.height}
                label={label}
                night={false}
                onError={onError}
              />
            </Suspense>
          )
        )}
      </div>
      {/* The drawn page is named by the same words. */}
      <figcaption aria-hidden="true">{label}</figcaption>
    </figure>
  );
}
