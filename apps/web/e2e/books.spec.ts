import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BOOK_MESSAGES, type Book, monthName } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { choose } from './support/dropdown.ts';
import { EDITION_YEAR, ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { bearerOf, signInAs } from './support/session.ts';

/** Names unique to this run: books are never deleted, so each run adds its own. */
const run = Date.now().toString(36);

const toast = (page: Page, text: string) => page.locator('.p-toast').getByText(text).first();

test('books: the list, a new book, a duplicate refused with the server’s message, a rename, and no delete', async ({
  page,
}) => {
  await signInAs(page, 'Admin');
  await page.goto('/admin/church');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Books' }).click();
  await expect(page).toHaveURL('/admin/books');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Books');
  const books = page.getByRole('table', { name: 'Books' });
  const rows = books.locator('tbody tr');
  await page.getByRole('searchbox', { name: 'Search books' }).fill('Teevo');
  await expect(rows.filter({ hasText: 'Teevo' })).toHaveCount(1);

  await page.getByRole('button', { name: 'New' }).click();
  const created = page.getByRole('dialog', { name: 'New Book' });
  await created.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(created.getByText(BOOK_MESSAGES.nameRequired)).toBeVisible();
  await created.getByLabel('Name').fill(`Insight ${run}`);
  await created.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Book Insight ${run} created`)).toBeVisible();
  await expect(created).toBeHidden();

  // Names are unique whatever their case: the server's refusal shows in the dialog.
  await page.getByRole('button', { name: 'New' }).click();
  await created.getByLabel('Name').fill('TEEVO');
  await created.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(created.getByText(BOOK_MESSAGES.nameTaken)).toBeVisible();
  await created.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search books' }).fill(run);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `Edit Insight ${run}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Book' });
  await expect(edit.getByLabel('Name')).toHaveValue(`Insight ${run}`);
  await edit.getByLabel('Name').fill(`Insights ${run}`);
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Book Insights ${run} updated`)).toBeVisible();
  await expect(rows).toHaveText([new RegExp(`Insights ${run}`)]);

  // Editions and statistics keep their book: nothing here deletes one.
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(books.getByRole('checkbox')).toHaveCount(0);
});

/** A one-pixel PNG: the server makes the cover of it. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a cover uploaded on the Books screen shows there; a file that is no image is refused; removing it brings the placeholder back', async ({
  page,
}) => {
  await signInAs(page, 'Admin');
  const name = `Covered ${run}`;
  expect(
    (await page.request.post('/api/books', { data: { name }, headers: await bearerOf(page.request) })).status(),
  ).toBe(201);
  await page.goto('/admin/books');
  await page.getByRole('searchbox', { name: 'Search books' }).fill(name);
  const row = page.getByRole('table', { name: 'Books' }).locator('tbody tr').filter({ hasText: name });
  await expect(row.locator('.book-cover-placeholder')).toBeVisible();
  await expect(row.getByRole('button', { name: `Remove the cover of ${name}` })).toHaveCount(0);

  // A text file named like an image: the server reads its first bytes and refuses it, and nothing changes.
  const upload = row.getByRole('button', { name: `Upload a cover of ${name}` });
  let chooser = page.waitForEvent('filechooser');
  await upload.click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(toast(page, BOOK_MESSAGES.coverNotImage)).toBeVisible();
  await expect(row.locator('.book-cover-placeholder')).toBeVisible();

  chooser = page.waitForEvent('filechooser');
  await upload.click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(toast(page, BOOK_MESSAGES.coverSaved)).toBeVisible();
  const picture = row.locator('img.book-cover');
  await expect(picture).toHaveAttribute('src', /\/api\/books\/.+\/cover\/.+\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  const served = await page.request.get((await picture.getAttribute('src')) as string);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toContain('immutable');

  await row.getByRole('button', { name: `Remove the cover of ${name}` }).click();
  await expect(toast(page, BOOK_MESSAGES.coverRemoved)).toBeVisible();
  await expect(row.locator('.book-cover-placeholder')).toBeVisible();
  await expect(row.getByRole('button', { name: `Upload a cover of ${name}` })).toBeVisible();
});

test('the download panel offers every book, and a book renamed meanwhile still gives its editions', async ({
  page,
  request,
}) => {
  const name = `Pathway ${run}`;
  const renamed = `Pathways ${run}`;
  const answer = await request.post('/api/books', { data: { name }, headers: await bearerOf(request) });
  expect(answer.status()).toBe(201);
  const book = (await answer.json()) as Book;
  await ensureLanguage(request, 'English');
  // January: older than the editions other tests look for as the newest in English.
  const pdf = makePdf(`${name} January`);
  await uploadThroughApi(request, 1, pdf, name);
  await signInAs(page, 'User');

  const pick = async (bookName: string) => {
    await page.goto('/user/download');
    await choose(page, 'download-book', bookName);
    await choose(page, 'download-year', String(EDITION_YEAR));
    await choose(page, 'download-month', monthName(1));
    await choose(page, 'download-language', 'English');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    return downloading;
  };

  expect((await pick(name)).suggestedFilename()).toBe(`Pathway-${run}-English-${EDITION_YEAR}-01.pdf`);

  const rename = await request.put(`/api/books/${book.id}`, {
    data: { name: renamed },
    headers: await bearerOf(request),
  });
  expect(rename.status()).toBe(200);
  const download = await pick(renamed);
  expect(download.suggestedFilename()).toBe(`Pathways-${run}-English-${EDITION_YEAR}-01.pdf`);
  expect((await readFile(await download.path())).equals(pdf)).toBe(true);
  await page.locator('.p-dropdown', { has: page.locator('#download-book') }).click();
  await expect(page.locator('.p-dropdown-panel').getByRole('option', { name, exact: true })).toHaveCount(0);
});

test('an answer that is not the JSON it says it is shows as an error on the screen', async ({ page }) => {
  await signInAs(page, 'Admin');
  await page.route('**/api/books', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '<html>Bad gateway</html>' }),
  );
  await page.goto('/admin/books');
  // After the query's retries: the client's ApiError, in the table and a toast, not a SyntaxError.
  await expect(page.getByRole('table', { name: 'Books' })).toContainText(
    'An error has occurred: The server’s answer could not be read. Please try again.',
    { timeout: 15_000 },
  );
});
