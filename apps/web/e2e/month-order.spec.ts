import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MONTHS } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { bearerOf, signInAs } from './support/session.ts';

test.use({ viewport: { width: 1366, height: 900 } });

/** Last year: every month of it is an earlier edition, on the member's home too. */
const YEAR = new Date().getFullYear() - 1;
/** Months uploaded out of order, so that neither the upload order nor the names' A to Z is the month order. */
const SHUFFLED = [4, 11, 1, 8, 12, 2, 7, 10, 3, 6, 9, 5];
const IN_ORDER = MONTHS.map((month) => `${month} ${YEAR}`);

let made = 0;

/** A language of its own with Teevo's twelve editions of last year; answers the language and the editions. */
async function twelveEditions(request: APIRequestContext) {
  made += 1;
  const language = `Month order ${Date.now()}-${made}`;
  await ensureLanguage(request, language);
  const editions = [];
  for (const month of SHUFFLED) {
    editions.push(await uploadThroughApi(request, month, makePdf(`Teevo ${month}`), 'Teevo', { language, year: YEAR }));
  }
  return { language, editions };
}

/** The text of each row's Month cell. */
const monthCells = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = [...row.querySelectorAll('td')].find(
        (td) => td.querySelector('.p-column-title')?.textContent === 'Month',
      );
      return (cell?.textContent ?? '').replace('Month', '').trim();
    }),
  );

async function showAllRows(page: Page) {
  await page.getByLabel('Rows per page').focus();
  await page.keyboard.press('Enter');
  await page.locator('.p-dropdown-panel').getByRole('option', { name: '25' }).click();
}

test('the File List’s Month column sorts January to December, and back', async ({ page }) => {
  const { language } = await twelveEditions(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  await page.getByLabel('Search files').fill(language);
  const table = page.getByRole('table', { name: 'Files' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await showAllRows(page);
  await expect(table.locator('tbody tr')).toHaveCount(12);

  await table.getByRole('columnheader', { name: 'Month' }).click();
  await expect.poll(() => monthCells(table)).toEqual(IN_ORDER);
  await table.getByRole('columnheader', { name: 'Month' }).click();
  await expect.poll(() => monthCells(table)).toEqual([...IN_ORDER].reverse());
});

test('the member’s table of editions sorts by Month, January to December, and back', async ({ page }) => {
  const { editions } = await twelveEditions(page.request);
  // The member's language is the language of their downloads.
  const account = await signInAs(page, 'User');
  const answer = await page.request.get(`/api/files/download/${editions[0]?._id}`, {
    headers: await bearerOf(page.request, account),
  });
  expect(answer.status()).toBe(200);
  await page.goto('/');
  const earlierEditions = page.getByRole('region', { name: 'Earlier editions' });
  await earlierEditions.getByRole('button', { name: 'Table' }).click();
  const table = earlierEditions.getByRole('table', { name: 'Editions' });
  await expect.poll(() => monthCells(table)).toEqual([...IN_ORDER].reverse().slice(0, 10));

  await table.getByRole('columnheader', { name: 'Month' }).click();
  await expect.poll(() => monthCells(table)).toEqual(IN_ORDER.slice(0, 10));
  await table.getByRole('columnheader', { name: 'Month' }).click();
  await expect.poll(() => monthCells(table)).toEqual([...IN_ORDER].reverse().slice(0, 10));
});
