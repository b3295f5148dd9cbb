import type { Page, PageScreenshotOptions } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Prerendered pages paint from their HTML: the rules they use inlined in <head>, their stylesheets left for when the
 * visitor first touches, types or tabs (decision 052), the default theme's with them; a stored dark theme is waited
 * for instead (vite-plugins/critical-css.ts). The stylesheets must change nothing once they come. The app's script
 * is left out, so that both pictures are of the same markup.
 */
const DEFAULT_THEME = 'lara-light-indigo';

// About one picture in twenty still differs by a few dozen pixels of antialiasing where Chromium rasterizes again
// after the stylesheets apply (seen on the icons' and cards' edges): a real change differs every time.
test.describe.configure({ retries: 2 });

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
      expect(firstPaint.equals(full), 'the first paint differs from the page with all its stylesheets').toBe(true);
    });
  }
}
