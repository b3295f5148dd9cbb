import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { MONTHS, STATS_MESSAGES } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { bearerOf, createAccount, signInAs } from './support/session.ts';

let made = 0;

/** Publishes this month's edition of a book in a language, as the Super Admin; answers the file's id. */
async function publish(request: APIRequestContext, headers: Record<string, string>, book: string, language: string) {
  const now = new Date();
  const response = await request.post('/api/files/uploadfile', {
    headers,
    multipart: {
      book,
      language,
      year: String(now.getFullYear()),
      month: MONTHS[now.getMonth()] as string,
      file: { name: `${book}.pdf`, mimeType: 'application/pdf', buffer: makePdf(`${book} ${language}`) },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Two new books and two new languages, so that no other test's downloads mix in: in book one Lingala has 3
 * downloads and Tswana 1, in book two Lingala has 2; each made today by a User of its own (one account's
 * repeated downloads of an edition count once).
 */
async function makeDownloads(request: APIRequestContext) {
  made += 1;
  const name = (prefix: string) => `${prefix} ${Date.now()}-${made}`;
  const [lingala, tswana, bookOne, bookTwo] = [name('Lingala'), name('Tswana'), name('Book one'), name('Book two')];
  const admin = await bearerOf(request);
  for (const language of [lingala, tswana]) {
    const created = await request.post('/api/languages/create', { headers: admin, data: { name: language } });
    expect(created.status()).toBe(201);
  }
  for (const book of [bookOne, bookTwo]) {
    expect((await request.post('/api/books', { headers: admin, data: { name: book } })).status()).toBe(201);
  }
  const oneLingala = await publish(request, admin, bookOne, lingala);
  const oneTswana = await publish(request, admin, bookOne, tswana);
  const twoLingala = await publish(request, admin, bookTwo, lingala);
  for (const id of [oneLingala, oneLingala, oneLingala, oneTswana, twoLingala, twoLingala]) {
    const user = await bearerOf(request, await createAccount(request, 'User'));
    expect((await request.get(`/api/files/download/${id}`, { headers: user })).status()).toBe(200);
  }
  return { lingala, tswana, bookOne, bookTwo };
}

const table = (page: Page) => page.getByRole('table', { name: 'Downloads per language' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const chart = (page: Page, title: string) => page.getByRole('img', { name: new RegExp(`^${title} of downloads`) });

async function chooseBook(page: Page, book: string) {
  await page.getByLabel('Book', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: book }).click();
  await page.getByRole('button', { name: 'Search' }).click();
}

async function chooseRange(page: Page, start: string, end: string) {
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
}

test('an Admin sees downloads per language in the figures, the table, the charts and the CSV export', async ({
  page,
}) => {
  const { lingala, tswana, bookOne } = await makeDownloads(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await chooseBook(page, bookOne);

  await expect(bodyRows(page)).toHaveText([`${lingala}3`, `${tswana}1`]);
  await expect(page.getByTestId('figure-Downloads in range')).toHaveText('4');
  await expect(page.getByTestId('figure-Active users')).toHaveText('4');
  await expect(page.getByTestId('figure-Top language')).toHaveText(`${lingala} (3)`);
  for (const title of ['Line chart', 'Bar chart', 'Doughnut chart']) {
    await expect(chart(page, title)).toHaveAccessibleName(
      `${title} of downloads per language: ${lingala} 3, ${tswana} 1`,
    );
    await expect(chart(page, title)).toBeVisible();
  }

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(
    /^downloads-by-language_Book-one-[\d-]+_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile((await csv.path()) as string, 'utf8')).trim().split('\n');
  const shown = await bodyRows(page).evaluateAll((rows) =>
    rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(',')),
  );
  expect(lines).toEqual(['language,count', ...shown]);
  expect(shown).toEqual([`${lingala},3`, `${tswana},1`]);

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the bar chart as PNG' }).click();
  const png = await readFile((await (await pngDownload).path()) as string);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

test('the book and the range change the figures; a range backwards shows the server message', async ({ page }) => {
  const { lingala, bookOne, bookTwo } = await makeDownloads(page.request);
  await signInAs(page, 'Admin');
  await page.goto('/');
  await chooseBook(page, bookOne);
  await expect(bodyRows(page)).toHaveCount(2);

  await chooseBook(page, bookTwo);
  await expect(bodyRows(page)).toHaveText([`${lingala}2`]);
  await expect(chart(page, 'Bar chart')).toHaveAccessibleName(`Bar chart of downloads per language: ${lingala} 2`);
  await expect(page.getByTestId('figure-Downloads in range')).toHaveText('2');

  await chooseRange(page, '2023-01-01', '2023-01-31');
  await expect(bodyRows(page)).toHaveText([STATS_MESSAGES.noLanguage]);
  await expect(chart(page, 'Bar chart')).toHaveAccessibleName('Bar chart of downloads per language: no downloads');
  await expect(page.getByTestId('figure-Downloads in range')).toHaveText('0');

  await chooseRange(page, '2023-02-01', '2023-01-01');
  await expect(page.getByText(STATS_MESSAGES.startAfterEnd)).toBeVisible();
});

test('a User who opens the statistics is sent to the landing page, which offers them the download panel', async ({
  page,
}) => {
  await signInAs(page, 'User');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/en\/dist$/);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(page.getByText('Downloads in range')).toHaveCount(0);
});
