import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { say } from './support/catalogue.ts';
import { openLanding } from './support/landing.ts';
import { bearerOf, signInAs } from './support/session.ts';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Opens a dropdown from the keyboard, by its input's id: its focusable input is visually hidden. */
async function open(page: Page, id: string) {
  await page.locator(`#${id}`).focus();
  await page.keyboard.press('Enter');
}

/** A church in Spain, as the list stores it (in English), with a name no other test uses. */
async function churchInSpain(page: Page) {
  const name = `Iglesia Central ${Date.now()}`;
  const answer = await page.request.post('/api/church/create', {
    data: { name, country: 'Spain', allocation: 5 },
    headers: await bearerOf(page.request),
  });
  expect(answer.status()).toBe(201);
  return name;
}

test.describe('in Spanish at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('sign-up finds España by "Espa", and picking a church fills in its country', async ({ page }) => {
    const church = await churchInSpain(page);
    await openLanding(page, '/es/signup');
    const country = page.locator('.p-dropdown', { has: page.locator('#sign-up-country') });

    await open(page, 'sign-up-country');
    await page.locator('.p-dropdown-filter').fill('Espa');
    await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['España']);
    await page.keyboard.press('Escape');
    await expect(country).toContainText(say('es', 'auth.country.placeholder'));
    await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);

    await open(page, 'sign-up-church');
    await page.locator('.p-dropdown-filter').fill(church);
    await page.locator('.p-dropdown-panel').getByRole('option', { name: church }).click();
    await expect(country).toContainText('España');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('the churches and the Countries screen name and find countries in Spanish', async ({ page }) => {
    const church = await churchInSpain(page);
    await page.addInitScript(() => localStorage.setItem('portal.locale', 'es'));
    await signInAs(page, 'Admin');

    await page.goto('/admin/church');
    await page.getByRole('searchbox').fill('Espa');
    await expect(page.locator('tbody tr').filter({ hasText: church })).toContainText('España');
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto('/admin/upload');
    const list = page.getByRole('table', { name: say('es', 'countries.list.label') });
    await page.getByRole('searchbox').fill('Espa');
    await expect(list.getByRole('row').filter({ hasText: 'España' })).toContainText('Spain');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
