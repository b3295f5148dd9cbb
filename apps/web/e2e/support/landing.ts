import { expect, type Page } from '@playwright/test';

/** The page's title as the prerendered HTML has it; the page's scripts name the page once they have taken over. */
const PRERENDERED_TITLE = 'Teen Devotional Portal';

/**
 * Opens a prerendered page (the landing page unless told) and waits until its scripts have taken over the markup:
 * before, its links work as plain links (Sign Up opens the sign-up page, not its dialog) and its forms wait.
 */
export async function openLanding(page: Page, path = '/en/dist') {
  await page.goto(path);
  await expect(page).not.toHaveTitle(PRERENDERED_TITLE);
}
