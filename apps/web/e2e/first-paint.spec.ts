import type { PageScreenshotOptions } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Prerendered pages paint from their HTML: the rules they use inlined in <head>, their stylesheets at the end of
 * <body> and the default theme's loading beside them (vite-plugins/critical-css.ts). Held back, those stylesheets
 * must change nothing once they come, in the default theme (whose rules are inlined) as in a dark one (which the
 * page waits for instead). The app's script is left out, so that both pictures are of the same markup.
 */
const DEFAULT_THEME = 'lara-light-indigo';

for (const theme of [DEFAULT_THEME, 'lara-dark-indigo']) {
  for (const width of [360, 1366]) {
    test(`the landing page's first paint is the page with all its stylesheets (${theme}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Every stylesheet but the chosen theme's when it is not the default, which the page is meant to wait for.
      const waitedFor = theme === DEFAULT_THEME ? undefined : `/${theme}/theme.css`;
      const held: string[] = [];
      await page.route(
        (url) => url.pathname.endsWith('.css') && !(waitedFor && url.pathname.endsWith(waitedFor)),
        async (route) => {
          held.push(new URL(route.request().url()).pathname);
          await released;
          await route.continue();
        },
      );

      await page.goto('/en/dist', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => held.some((file) => /^\/assets\/index-[\w-]+\.css$/.test(file))).toBe(true);
      // In a dark theme Chromium may draw the language picker's native disclosure a shade apart while the page loads,
      // its computed style and box the same (as it did the select it replaced): it is left out of both pictures.
      const picture: PageScreenshotOptions = { animations: 'disabled', mask: [page.locator('.locale-picker summary')] };
      const firstPaint = await page.screenshot(picture);

      release();
      await page.waitForLoadState('load');
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
          ),
        )
        .toBe(true);
      const full = await page.screenshot(picture);
      expect(firstPaint.equals(full), 'the first paint differs from the page with all its stylesheets').toBe(true);
    });
  }
}
