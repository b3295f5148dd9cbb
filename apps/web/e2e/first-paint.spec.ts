import type { BrowserContext, Page, PageScreenshotOptions } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Prerendered pages paint from their HTML: the rules they use inlined in <head>, their stylesheets left for when the
 * visitor first touches, types or tabs (decision 052), the default theme's with them; a stored dark theme is waited
 * for instead (vite-plugins/critical-css.ts). The stylesheets must change nothing once they come. The app's script
 * is left out, so that both pictures are of the same markup.
 */
const DEFAULT_THEME = 'lara-light-indigo';

/**
 * Chromium may rasterize a region again once the stylesheets apply: a dithered gradient or an antialiased edge then
 * comes out a few levels apart (up to 15 seen, on the video's gradient). A pixel counts as changed when one of its
 * channels moves by more than this; a change of style (a colour, a place, a font) moves its pixels by far more.
 */
const RASTER_NOISE = 24;

/** The page's picture once two in a row are the same: on a busy machine a frame may be taken mid-paint. */
async function settledPicture(page: Page, options: PageScreenshotOptions) {
  let last = await page.screenshot(options);
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await page.screenshot(options);
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

/** How many pixels differ by more than raster noise between two pictures of one size, decoded by a blank page. */
async function changedPixels(context: BrowserContext, first: Buffer, second: Buffer) {
  const blank = await context.newPage();
  const changed = await blank.evaluate(
    async ([one, other, noise]) => {
      const pixels = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const drawing = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        drawing.drawImage(bitmap, 0, 0);
        return drawing.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [a, b] = await Promise.all([pixels(one), pixels(other)]);
      if (a.length !== b.length) return a.length / 4;
      let count = 0;
      for (let i = 0; i < a.length; i += 4) {
        const moved = Math.max(
          Math.abs((a[i] ?? 0) - (b[i] ?? 0)),
          Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)),
          Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0)),
        );
        if (moved > noise) count++;
      }
      return count;
    },
    [first.toString('base64'), second.toString('base64'), RASTER_NOISE] as const,
  );
  await blank.close();
  return changed;
}

for (const theme of [DEFAULT_THEME, 'lara-dark-indigo']) {
  for (const width of [360, 1366]) {
    test(`the landing page's first paint is the page with all its stylesheets (${theme}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());

      await page.goto('/en/dist');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // In a dark theme Chromium may draw the language picker's native disclosure a shade apart while the page loads,
      // its computed style and box the same (as it did the select it replaced), and the icons (SVG masks in data
      // addresses) too, some pixels of their edges, once their stylesheet applies again: their boxes are compared,
      // not their pixels.
      const picture: PageScreenshotOptions = {
        animations: 'disabled',
        mask: [page.locator('.locale-picker summary'), page.locator('.pi')],
      };
      const firstPaint = await settledPicture(page, picture);

      // A key no page acts on brings the stylesheets, as a visitor's first tap would.
      await page.keyboard.press('Shift');
      await expect
        .poll(() =>
          page.evaluate(() => {
            const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
            return (
              sheets.some((link) => /\/assets\/index-[\w-]+\.css$/.test(link.href)) &&
              sheets.every((link) => link.sheet)
            );
          }),
        )
        .toBe(true);
      const full = await settledPicture(page, picture);
      expect(await changedPixels(page.context(), firstPaint, full), 'pixels the stylesheets changed').toBe(0);
    });
  }
}
