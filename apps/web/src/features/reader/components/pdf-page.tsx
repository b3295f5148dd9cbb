import { type PDFDocumentProxy, RenderingCancelledException } from 'pdfjs-dist';
import { useEffect, useRef } from 'react';

interface PdfPageProps {
  document: PDFDocumentProxy;
  /** From 1. */
  page: number;
  /** CSS pixels the page is drawn across: the reader's width times its zoom. */
  width: number;
  label: string;
  onError: (error: unknown) => void;
}

/**
 * The most pixels a page's canvas gets: 4096 × 4096, what iOS Safari allows a canvas. A page zoomed in on a
 * dense screen is drawn with fewer pixels than the screen has rather than not at all.
 */
const MAX_CANVAS_PIXELS = 4096 * 4096;

/**
 * One page of the PDF drawn on a canvas `width` CSS pixels wide, sharp on the screen's pixels. The canvas
 * says which page it shows once it is drawn (`data-drawn`), for the browser tests and for nothing else.
 */
export function PdfPage({ document, page, width, label, onError }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    let cancelled = false;
    let drawing: { cancel(): void } | undefined;
    document
      .getPage(page)
      .then(async (pdfPage) => {
        if (cancelled) return;
        const scale = width / pdfPage.getViewport({ scale: 1 }).width;
        const shown = pdfPage.getViewport({ scale });
        const pixels = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(MAX_CANVAS_PIXELS / (shown.width * shown.height)),
        );
        const viewport = pdfPage.getViewport({ scale: scale * pixels });
        // Drawn off screen, then shown at once: the page before stays until this one is ready.
        const sheet = window.document.createElement('canvas');
        sheet.width = Math.floor(viewport.width);
        sheet.height = Math.floor(viewport.height);
        const task = pdfPage.render({ canvas: sheet, viewport });
        drawing = task;
        await task.promise;
        if (cancelled) return;
        canvas.width = sheet.width;
        canvas.height = sheet.height;
        canvas.style.width = `${viewport.width / pixels}px`;
        canvas.style.height = `${viewport.height / pixels}px`;
        canvas.getContext('2d')?.drawImage(sheet, 0, 0);
        // The sheet's memory goes now, not when the collector gets to it.
        sheet.width = 0;
        sheet.height = 0;
        canvas.dataset.drawn = String(page);
      })
      .catch((error: unknown) => {
        if (!cancelled && !(error instanceof RenderingCancelledException)) onError(error);
      });
    return () => {
      cancelled = true;
      drawing?.cancel();
    };
  }, [document, page, width, onError]);

  return <canvas ref={canvasRef} className="reader-page" role="img" aria-label={label} />;
}
