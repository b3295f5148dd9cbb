import { expect, type Page } from '@playwright/test';

/**
 * Waits for the portal's service worker to be active, then reloads, so that the page was loaded through it
 * (precached), as a later visit is (decision 032).
 */
export async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}
