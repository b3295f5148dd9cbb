import { expect, type Page } from '@playwright/test';

/**
 * Opens the landing page and waits until its scripts have taken over the prerendered markup: its buttons do
 * nothing before (the promo panels are drawn only then).
 */
export async function openLanding(page: Page, path = '/en/dist') {
  await page.goto(path);
  await expect(page.getByRole('link', { name: /^Sponsor a translation/ })).toBeVisible();
}
