import type { Page } from '@playwright/test';
import type { Language, ThisMonth } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { say } from './support/catalogue.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { freshTest as test } from './support/fresh-portal.ts';
import { bearerOf, signInAs } from './support/session.ts';

/** The interface's language, as the globe picker would have remembered it. */
const speak = (page: Page, locale: string) =>
  page.addInitScript((chosen) => localStorage.setItem('portal.locale', chosen), locale);

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('a Swahili member on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('sees this month’s Swahili editions, not English ones; the switch shows English instead, and a reload keeps it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A fresh portal: English is its first language, Kiswahili (sw, matched by name) the second.
    await ensureLanguage(page.request, 'English');
    await ensureLanguage(page.request, 'Kiswahili');
    const listed = (await (await page.request.get('/api/languages/getAll')).json()) as Language[];
    expect(listed.map(({ name, code }) => [name, code])).toEqual([
      ['English', 'en'],
      ['Kiswahili', 'sw'],
    ]);
    const { month, year } = (await (
      await page.request.get('/api/editions/this-month', { headers: await bearerOf(page.request) })
    ).json()) as ThisMonth;
    for (const language of ['English', 'Kiswahili']) {
      await uploadThroughApi(page.request, month, makePdf(`Teevo ${language}`), 'Teevo', { language, year });
    }

    await speak(page, 'sw');
    await signInAs(page, 'User');
    await page.goto('/');
    const thisMonth = page.locator('section[aria-labelledby="this-month-title"]');
    await expect(thisMonth.getByRole('heading')).toHaveText(say('sw', 'downloads.home.thisMonth'));
    const cards = thisMonth.locator('.edition-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Kiswahili' })).toHaveCount(2);
    await expect(cards.filter({ hasText: 'English' })).toHaveCount(0);

    const languages = thisMonth.getByRole('group', { name: say('sw', 'downloads.home.languages') });
    const swahili = languages.getByRole('button', { name: 'Kiswahili' });
    const english = languages.getByRole('button', { name: 'English' });
    await expect(swahili).toHaveAttribute('aria-pressed', 'true');
    await expect(english).toHaveAttribute('aria-pressed', 'false');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    await english.tap();
    await expect(cards.filter({ hasText: 'English' })).toHaveCount(2);
    await swahili.tap();
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Kiswahili' })).toHaveCount(0);

    await page.reload();
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'English' })).toHaveCount(2);
    await expect(english).toHaveAttribute('aria-pressed', 'true');
    await expect(swahili).toHaveAttribute('aria-pressed', 'false');
  });
});

test('in French, the Languages dialog offers the codes by their French names: "Allem" finds German', async ({
  page,
}) => {
  await speak(page, 'fr');
  await signInAs(page, 'Admin');
  await page.goto('/admin/languages');
  await page.getByRole('button', { name: say('fr', 'table.new') }).click();
  const dialog = page.getByRole('dialog', { name: say('fr', 'languages.new') });
  await dialog.getByLabel(say('fr', 'table.name'), { exact: true }).fill('Deutsch');
  await dialog.locator('.p-dropdown', { has: page.locator('#language-code') }).click();
  await page.locator('.p-dropdown-filter').fill('Allem');
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['Allemand (de)']);
  await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Allemand (de)' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: say('fr', 'common.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Deutsch' })).toContainText('Allemand (de)');
  const listed = (await (await page.request.get('/api/languages/getAll')).json()) as Language[];
  expect(listed.find(({ name }) => name === 'Deutsch')?.code).toBe('de');
});
