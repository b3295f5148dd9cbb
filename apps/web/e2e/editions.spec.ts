import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  editionFileName,
  FILE_MESSAGES,
  MAX_PDF_BYTES,
  monthName,
  type PublicConfig,
  tooLargeMessage,
  uploadedCountMessage,
} from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { choose, offered } from './support/dropdown.ts';
import { ensureLanguage, uploadThroughApi, EDITION_YEAR as YEAR } from './support/editions.ts';
import { bearerOf, signInAs } from './support/session.ts';

const toast = (page: Page, text: string) => page.locator('.p-toast-message').filter({ hasText: text });

test('an Admin imports two PDFs named after their edition, downloads one and deletes the other', async ({
  page,
  request,
}) => {
  await ensureLanguage(request, 'English');
  await ensureLanguage(request, 'French');
  await signInAs(page, 'Admin');

  await page.goto('/en/dist');
  await expect(page).toHaveURL('/');

  await page.goto('/admin/file-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File List');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import editions' });
  const teevo = makePdf(`Teevo March ${YEAR}`);
  const take5 = makePdf(`Take5 March ${YEAR}`);
  // Too large: from a file on disk, which the browser reads itself (30 MB sent as a buffer is slow on a busy machine).
  const huge = path.join(await mkdtemp(path.join(tmpdir(), 'portal-huge-')), 'Huge.pdf');
  await writeFile(huge, Buffer.alloc(MAX_PDF_BYTES + 1));
  await dialog.locator('input[type=file]').setInputFiles(huge);
  await expect(toast(page, tooLargeMessage('Huge.pdf').message)).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles([
    { name: `Teevo_English_${YEAR}_03.pdf`, mimeType: 'application/pdf', buffer: teevo },
    { name: `Take5 - French - March ${YEAR}.pdf`, mimeType: 'application/pdf', buffer: take5 },
  ]);

  const files = dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
  await expect(files).toHaveCount(2);
  for (const [index, values] of [
    ['Teevo', 'English', String(YEAR), 'March'],
    ['Take5', 'French', String(YEAR), 'March'],
  ].entries()) {
    await expect(files.nth(index).locator('.p-dropdown-label')).toHaveText(values);
  }
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText(FILE_MESSAGES.uploaded)).toHaveCount(2);
  // One toast for the batch.
  await expect(toast(page, uploadedCountMessage(2).message)).toBeVisible();
  await expect(toast(page, FILE_MESSAGES.uploaded)).toHaveCount(0);
  await expect(dialog.getByRole('progressbar', { name: /^Upload of/ }).first()).toHaveAttribute('aria-valuenow', '100');
  await dialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();

  const table = page.getByRole('table');
  const teevoRow = table
    .getByRole('row')
    .filter({ hasText: 'English' })
    .filter({ hasText: `March ${YEAR}` });
  const take5Row = table
    .getByRole('row')
    .filter({ hasText: 'French' })
    .filter({ hasText: `March ${YEAR}` });
  await expect(teevoRow).toHaveCount(1);
  await expect(take5Row).toHaveCount(1);
  await expect(teevoRow).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(teevoRow).toContainText(/\d+(\.\d)?\skB|\d+\sbytes/);

  const downloading = page.waitForEvent('download');
  await teevoRow.getByRole('button', { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(editionFileName('Teevo', 'English', YEAR, 3));
  expect((await readFile(await download.path())).equals(teevo)).toBe(true);

  await take5Row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(take5Row).toHaveCount(1);
  await take5Row.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, FILE_MESSAGES.deleted)).toBeVisible();
  await expect(take5Row).toHaveCount(0);
  await expect(teevoRow).toHaveCount(1);

  // An Admin reads an edition from the table as members do.
  await teevoRow.getByRole('link', { name: `Read Teevo_English_${YEAR}_03.pdf` }).click();
  await expect(page).toHaveURL(/\/user\/read\/[\w-]+$/);
  await expect(page.locator('canvas.reader-page[data-drawn="1"]')).toBeVisible();
});

test('a User downloads the edition they pick, byte for byte, and it counts on their dashboard', async ({
  page,
  request,
}) => {
  await ensureLanguage(request, 'English');
  const pdf = makePdf(`Teevo April ${YEAR}`);
  await uploadThroughApi(request, 4, pdf);
  const edition = await uploadThroughApi(request, 5, makePdf(`Teevo May ${YEAR}`));
  await signInAs(page, 'User', { firstName: 'Ama', lastName: 'Owusu' });

  await page.goto('/');
  // The name as the person wrote it, first name first (issue 14).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ama Owusu');
  await expect(page.locator('.layout-topbar-user')).toContainText('Ama Owusu');
  const thisMonth = page.locator('.download-count').filter({ hasText: 'Downloads this month' });
  await expect(thisMonth).toHaveText(/0$/);

  await page.goto('/en/dist');
  await expect(page.getByText('Hello Ama Owusu, choose the edition you want.')).toBeVisible();
  const downloadButton = page.getByRole('button', { name: 'Download', exact: true });
  await downloadButton.click();
  await expect(toast(page, FILE_MESSAGES.selectionMissing)).toBeVisible();

  // With several books the panel starts on the one the portal began with.
  const bookChoice = page.locator('.p-dropdown', { has: page.locator('#download-book') });
  await expect(bookChoice.locator('.p-dropdown-label')).toHaveText('Teevo');
  await choose(page, 'download-year', String(YEAR));
  await choose(page, 'download-month', monthName(4));
  await choose(page, 'download-language', 'English');
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Teevo-English-${YEAR}-04.pdf`);
  expect((await readFile(await download.path())).equals(pdf)).toBe(true);

  await page.goto('/');
  await expect(thisMonth).toHaveText(/1$/);

  // The dashboard shows the editions in the language of the user's downloads.
  const may = page.getByRole('button', { name: `Download now: Teevo in English, ${monthName(5)} ${YEAR}` });
  await expect(page.locator('.edition-card').filter({ hasText: 'French' })).toHaveCount(0);
  const again = page.waitForEvent('download');
  await may.click();
  expect((await again).suggestedFilename()).toBe(`Teevo-English-${YEAR}-05.pdf`);
  // Counted without leaving the dashboard.
  await expect(thisMonth).toHaveText(/2$/);
  // The same edition again within minutes is the same download: still two.
  const repeat = page.waitForEvent('download');
  await may.click();
  await repeat;
  await page.reload();
  await expect(thisMonth).toHaveText(/2$/);

  // The edition goes away while the user still has it chosen.
  await page.goto('/en/dist');
  await choose(page, 'download-year', String(YEAR));
  await choose(page, 'download-month', monthName(5));
  await choose(page, 'download-language', 'English');
  const removed = await request.delete(`/api/file/delete/${edition._id}`, { headers: await bearerOf(request) });
  expect(removed.ok()).toBe(true);
  await downloadButton.click();
  await expect(toast(page, FILE_MESSAGES.editionMissing)).toBeVisible();
});

test('the download screen in the shell is the same panel, and Sign Out signs out to the landing page', async ({
  page,
}) => {
  await signInAs(page, 'User');
  await page.goto('/user/download');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Download');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/en/dist');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('the download panel offers only the years, months and languages that have an edition of the book', async ({
  page,
  request,
}) => {
  const admin = { headers: await bearerOf(request) };
  const [book, empty] = [`Almanac${Date.now()}`, `Unprinted${Date.now()}`];
  for (const name of [book, empty]) {
    expect((await request.post('/api/books', { ...admin, data: { name } })).status()).toBe(201);
  }
  for (const language of ['English', 'French']) await ensureLanguage(request, language);
  const upload = (year: number, month: number, language: string) =>
    uploadThroughApi(request, month, makePdf(`${book} ${year} ${month} ${language}`), book, { year, language });
  await upload(YEAR - 1, 11, 'French');
  await upload(YEAR - 1, 2, 'English');
  await upload(YEAR - 3, 6, 'English');
  await upload(YEAR - 3, 6, 'French');

  await signInAs(page, 'User');
  await page.goto('/user/download');
  await choose(page, 'download-book', empty);
  // A book without editions says so at once, instead of offering every year and month.
  const none = page.getByText(`There is no edition of ${empty} yet.`);
  await expect(none).toBeVisible();
  await expect(page.locator('#download-year')).toHaveAccessibleDescription(`There is no edition of ${empty} yet.`);

  await choose(page, 'download-book', book);
  await expect(none).toHaveCount(0);
  expect(await offered(page, 'download-year')).toEqual([String(YEAR - 1), String(YEAR - 3)]);
  await choose(page, 'download-year', String(YEAR - 1));
  expect(await offered(page, 'download-month')).toEqual([monthName(2), monthName(11)]);
  await choose(page, 'download-month', monthName(11));
  expect(await offered(page, 'download-language')).toEqual(['French']);
  await choose(page, 'download-language', 'French');

  // Another year: the month and language chosen for the last one are no choice there.
  await choose(page, 'download-year', String(YEAR - 3));
  const month = page.locator('.p-dropdown', { has: page.locator('#download-month') });
  await expect(month).toContainText('Select a month');
  await choose(page, 'download-month', monthName(6));
  expect(await offered(page, 'download-language')).toEqual(['English', 'French']);
  await choose(page, 'download-language', 'English');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await downloading).suggestedFilename()).toBe(editionFileName(book, 'English', YEAR - 3, 6));
  expect(await seriousViolations(page)).toEqual([]);
});

test('Return to homepage signs the user out and opens the configured home site', async ({ page, request }) => {
  const { links } = (await (await request.get('/api/config')).json()) as PublicConfig;
  await page.route(`${links.home}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Home</title>' }),
  );
  await signInAs(page, 'User');
  await page.goto('/en/dist');
  await page.getByRole('button', { name: 'Return to homepage' }).click();
  await page.waitForURL(`${links.home}**`);
  await page.goto('/en/dist');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('the File List flags an edition whose PDF the server lost, and a download of it says so', async ({
  page,
  request,
}) => {
  await ensureLanguage(request, 'English');
  const pdf = makePdf(`Teevo August ${YEAR} ${Date.now()}`);
  const edition = await uploadThroughApi(request, 8, pdf);
  // The store names files by random keys: find this one by its bytes, and lose it.
  const store = path.join(process.env.PORTAL_E2E_DATA_DIR as string, 'files');
  const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  const lost: string[] = [];
  for (const name of (await readdir(store)).filter((entry) => entry.endsWith('.pdf'))) {
    if (digest(await readFile(path.join(store, name))) !== digest(pdf)) continue;
    await rm(path.join(store, name));
    lost.push(name);
  }
  expect(lost).toHaveLength(1);
  const admin = { headers: await bearerOf(request) };
  const missing = async () =>
    ((await (await request.get('/api/files/missing', admin)).json()) as { ids: string[] }).ids;
  expect(await missing()).toContain(edition._id);

  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  const row = page.getByRole('row').filter({ hasText: `Teevo_English_${YEAR}_08.pdf` });
  // The missing files come apart from the list, often after it: the row's cell is drawn again when they do.
  await expect(row.getByText(FILE_MESSAGES.missingTag)).toBeVisible();
  await row.getByRole('button', { name: `Download Teevo_English_${YEAR}_08.pdf` }).click();
  await expect(toast(page, FILE_MESSAGES.fileMissing)).toBeVisible();

  await uploadThroughApi(request, 8, makePdf(`Teevo August ${YEAR} again`));
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(row.getByText(FILE_MESSAGES.missingTag)).toHaveCount(0);
});

test('the File List says how many of an edition’s days were found, once its PDF has been read', async ({
  page,
  request,
}) => {
  await ensureLanguage(request, 'English');
  // One page, no dates: its days can't be found.
  await uploadThroughApi(request, 9, makePdf(`Teevo September ${YEAR} ${Date.now()}`));
  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  const row = page.getByRole('row').filter({ hasText: `Teevo_English_${YEAR}_09.pdf` });
  // Read in the background after the upload: the list shows it being read, then what was found on a reload.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Days: none found')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  // An admin sets them: day 1 on page 1, a page a day (September has 30 days; the PDF one page).
  const name = `Teevo_English_${YEAR}_09.pdf`;
  await row.getByRole('button', { name: `Days: none found: set the days of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Days of ${name}` });
  await expect(dialog).toContainText('Days: none found · 1 page');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Page of day 1').pressSequentially('1');
  // Beside it, as it is typed, that page drawn small by the reader's pdf.js, named by its number.
  const thumbnail = dialog.getByRole('img', { name: 'Page 1 of 1' });
  await expect(thumbnail).toHaveAttribute('data-drawn', '1');
  const drawn = await thumbnail.boundingBox();
  expect(drawn?.width).toBeGreaterThan(0);
  expect(drawn?.height).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Pages per day').fill('1');
  await dialog.getByRole('button', { name: 'Set every day' }).click();
  await expect(toast(page, 'Days saved: 1 of 30.')).toBeVisible();
  await expect(dialog.getByText('Day 1: page 1')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByText('Days: 1 of 30 set by an admin')).toBeVisible();
});
