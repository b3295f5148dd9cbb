import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { COUNTRY_MESSAGES } from '@portal/contract';
import { expect } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { freshTest as test } from './support/fresh-portal.ts';
import { bearerOf, signInAs } from './support/session.ts';

// Not the test's output folder: another run of Playwright in this checkout empties that.
let folder: string;
test.beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'countries-e2e-'));
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A country file, as an admin would pick it. */
function countryFile(name: string, content: unknown) {
  const file = path.join(folder, `${name}.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** Expects a visitor's sign-up form to offer exactly these countries among those whose names hold `filter`. */
async function expectSignUpOffers(browser: Browser, baseURL: string, filter: string, countries: string[]) {
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/signup');
  await visitor
    .locator('input')
    .and(visitor.getByLabel('Country', { exact: true }))
    .focus();
  await visitor.keyboard.press('Enter');
  await visitor.locator('.p-dropdown-filter').fill(filter);
  await expect(visitor.locator('.p-dropdown-panel').getByRole('option')).toHaveText(countries);
  await visitor.close();
}

const countryCount = (page: Page) => page.getByText(/^The country list has [\d,]+ countries\.$/);

test('countries: a file is previewed, Cancel keeps the list, Confirm replaces it, Restore brings the standard list back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const portal = baseURL as string;
  const standard = (await (await page.request.get('/api/country/getAll')).json()).length as number;
  const church = await page.request.post('/api/church/create', {
    data: { name: 'Grace Chapel Nairobi', country: 'Kenya', allocation: 10 },
    headers: await bearerOf(page.request),
  });
  expect(church.status()).toBe(201);
  // The admin's own account names Ghana.
  await signInAs(page, 'Admin');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Countries' }).click();
  await expect(page).toHaveURL('/admin/upload');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Countries');
  await expect(countryCount(page)).toHaveText(`The country list has ${standard.toLocaleString('en')} countries.`);

  // A 3-country file: what it would change, before anything changes.
  const three = countryFile('countries-three', ['Ghana', { country: 'Nigeria' }, 'Togo', 'ghana', 'Atlantis']);
  await page.locator('input[type=file]').setInputFiles(three);
  let dialog = page.getByRole('dialog', { name: 'Replace the country list?' });
  await expect(dialog).toContainText(`holds 4 countries; today's list has ${standard} countries.`);
  await expect(dialog).toContainText(`Replacing it adds 1 country and removes ${standard - 3} countries.`);
  await expect(dialog.getByRole('listitem')).toHaveText(['Kenya: 1 church']);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByText('Added (1)').click();
  await expect(dialog.getByText('Atlantis', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(countryCount(page)).toHaveText(`The country list has ${standard.toLocaleString('en')} countries.`);
  await expectSignUpOffers(browser, portal, 'Kenya', ['Kenya']);

  await page.locator('input[type=file]').setInputFiles(three);
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').getByText(`${COUNTRY_MESSAGES.uploaded} The list has 4 countries.`),
  ).toBeVisible();
  await expect(countryCount(page)).toHaveText('The country list has 4 countries.');
  await expectSignUpOffers(browser, portal, '', ['Atlantis', 'Ghana', 'Nigeria', 'Togo']);

  // The standard list, back after a question that says what it changes.
  await page.getByRole('button', { name: 'Restore the standard list' }).click();
  dialog = page.getByRole('dialog', { name: 'Restore the standard list?' });
  await expect(dialog).toContainText(`The standard list holds ${standard} countries; today's list has 4 countries.`);
  await expect(dialog).toContainText(`Replacing it adds ${standard - 3} countries and removes 1 country.`);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').getByText(`${COUNTRY_MESSAGES.restored} The list has ${standard} countries.`),
  ).toBeVisible();
  await expect(countryCount(page)).toHaveText(`The country list has ${standard.toLocaleString('en')} countries.`);
  await expectSignUpOffers(browser, portal, 'Kenya', ['Kenya']);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('countries: the screen and its question fit the width, with no serious accessibility violations; a bad file is refused', async ({
    page,
  }) => {
    await signInAs(page, 'Admin');
    await page.goto('/admin/upload');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Countries');
    // Without Ghana, which the admin's own account names.
    await page.locator('input[type=file]').setInputFiles(countryFile('countries-one', ['Kenya']));
    const dialog = page.getByRole('dialog', { name: 'Replace the country list?' });
    await expect(dialog.getByRole('listitem')).toHaveText([/^Ghana: \d+ accounts?$/]);
    await expect(dialog.getByRole('button', { name: 'Replace' })).toBeInViewport();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A bad file is refused before it is sent, with no question.
    await page.locator('input[type=file]').setInputFiles(countryFile('countries-bad', { country: 'Ghana' }));
    await expect(page.getByRole('status').getByText(COUNTRY_MESSAGES.wrongShape)).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
