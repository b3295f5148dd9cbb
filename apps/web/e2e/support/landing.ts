import { expect, type Page } from '@playwright/test';

/** The page's title as the prerendered HTML has it; the page's scripts name the page once they have taken over. */
const PRERENDERED_TITLE = 'Teen Devotional Portal';

/**
 * Opens a prerendered page (the landing page unless told) and waits until its scripts have taken over the markup:
 * before, its links work as plain links (Sign Up opens the sign-up page, not its dialog) and its forms wait. Most
 * such pages start their scripts when the visitor first touches, types or tabs (decision 052): a key no page acts
 * on (Shift) starts them here.
 */
export async function openLanding(page: Page, path = '/en/dist') {
  await page.goto(path);
  await page.keyboard.press('Shift');
  // The whole app, fetched and run from then on: longer than an assertion's usual wait on a busy machine.
  await expect(page).not.toHaveTitle(PRERENDERED_TITLE, { timeout: 15_000 });
}
