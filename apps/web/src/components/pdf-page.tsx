import { type PDFDocumentProxy, RenderingCancelledException } from 'pdfjs-dist';
import { useEffect, useLayoutEffect, useRef } from 'react';
import './pdf-page.css';

interface PdfPageProps {
  document: PDFDocumentProxy;
  /** From 1. */
  page: number;
  /** CSS pixels the page is drawn across: the reader's width times its zoom, or a thumbnail's box. */
  width: number;
  /** The most CSS pixels down, if any: a page taller than that is drawn narrower (a thumbnail in its box). */
  maxHeight?: number;
  label: string;
  /** Night mode: the page's paper and ink are inverted (CSS), its images are shown as they are on top. */
  night: boolean;
  onError: (error: unknown) => void;
}

/**
 * The most pixels a page's canvas gets: 4096 × 4096, what iOS Safari allows a canvas. A page zoomed in on a
 * dense screen is drawn with fewer pixels than the screen has rather than not at all.
 */
const MAX_CANVAS_PIXELS = 4096 * 4096;

/**
 * Where pdf.js drew the page's images (`recordImages`): three corners of each, as shares of the canvas's width
 * and height (x0, y0, x1, y1, x2, y2), the fourth being the second plus the third minus the first.
 */
type ImageAreas = ArrayLike<number>;

type Point = [x: number, y: number];

/**
 * By night, the drawn page's images copied onto `overlay`, cut to their shapes, the canvas sized to the box
 * around them and placed over the page in shares of it, so that night mode's inversion of the page leaves them
 * as they are. By day, or on a page without images, the overlay is empty and takes no memory.
 */
function showImages(
  overlay: HTMLCanvasElement | null,
  page: HTMLCanvasElement,
  { areas, night }: { areas: ImageAreas; night: boolean },
) {
  if (!overlay) return;
  overlay.width = 0;
  overlay.height = 0;
  if (!night || areas.length === 0) return;
  const shapes: [Point, Point, Point, Point][] = [];
  for (let at = 0; at + 5 < areas.length; at += 6) {
    // On whole pixels: a clip's edge through a pixel would blend the paper, uninverted, into a grey line.
    const corner = (index: number): Point => [
      Math.round(Number(areas[at + 2 * index]) * page.width),
      Math.round(Number(areas[at + 2 * index + 1]) * page.height),
    ];
    const [a, b, c] = [corner(0), corner(1), corner(2)];
    shapes.push([a, c, [b[0] + c[0] - a[0], b[1] + c[1] - a[1]], b]);
  }
  const xs = shapes.flat().map(([x]) => x);
  const ys = shapes.flat().map(([, y]) => y);
  const left = Math.max(0, Math.min(...xs));
  const top = Math.max(0, Math.min(...ys));
  overlay.width = Math.max(0, Math.min(page.width, Math.max(...xs)) - left);
  overlay.height = Math.max(0, Math.min(page.height, Math.max(...ys)) - top);
  Object.assign(overlay.style, {
    left: `${(100 * left) / page.width}%`,
    top: `${(100 * top) / page.height}%`,
    width: `${(100 * overlay.width) / page.width}%`,
    height: `${(100 * overlay.height) / page.height}%`,
  });
  const context = overlay.getContext('2d');
  if (!context || overlay.width === 0 || overlay.height === 0) return;
  context.translate(-left, -top);
  context.beginPath();
  for (const [[x, y], ...rest] of shapes) {
    context.moveTo(x, y);
    for (const [toX, toY] of rest) context.lineTo(toX, toY);
    context.closePath();
  }
  context.clip();
  context.drawImage(page, 0, 0);
}

/**
 * One page of the PDF drawn on a canvas `width` CSS pixels wide, sharp on the screen's pixels, and by night its
 * images copied onto a canvas over it. The page's canvas says which page it shows once it is drawn
 * (`data-drawn`), for the browser tests and for nothing else.
 */
export function PdfPage({
  document,
  page,
  width,
  maxHeight = Number.POSITIVE_INFINITY,
  label,
  night,
  onError,
}: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const imagesRef = useRef<HTMLCanvasElement>(null);
  // Read by both the drawing (a promise) and the night switch (an effect): the drawn page's images, and the mode.
  const images = useRef<{ areas: ImageAreas; night: boolean }>({ areas: [], night });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    let cancelled = false;
    let drawing: { cancel(): void } | undefined;
    document
      .getPage(page)
      .then(async (pdfPage) => {
        if (cancelled) return;
        const whole = pdfPage.getViewport({ scale: 1 });
        const scale = Math.min(width / whole.width, maxHeight / whole.height);
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
        const task = pdfPage.render({ canvas: sheet, viewport, recordImages: true });
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
        // pdf.js keeps the areas on the page once it has recorded them, and records them only the first time.
        canvas.dataset.drawn = String(page);
        images.current.areas = pdfPage.imageCoordinates ?? [];
        showImages(imagesRef.current, canvas, images.current);
      })
      .catch((error: unknown) => {
        if (!cancelled && !(error instanceof RenderingCancelledException)) onError(error);
      });
    return () => {
      cancelled = true;
      drawing?.cancel();
    };
  }, [document, page, width, maxHeight, onError]);

  // Before the browser paints the inverted page, so that no photo ever shows as a negative.
  useLayoutEffect(() => {
    images.current.night = night;
    if (canvasRef.current?.dataset.drawn) showImages(imagesRef.current, canvasRef.current, images.current);
  }, [night]);

  return (
    <div className="reader-sheet">
      {/* Nothing until the page is drawn, rather than a blank canvas's default 300 × 150. */}
      <canvas ref={canvasRef} className="reader-page" role="img" aria-label={label} width={0} height={0} />
      <canvas ref={imagesRef} className="reader-images" />
    </div>
  );
}
