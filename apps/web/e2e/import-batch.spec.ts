import type { Locator, Page } from '@playwright/test';
import {
  FILE_MESSAGES,
  type FileRecord,
  LANGUAGE_MESSAGES,
  languageNotAddedMessage,
  replacesMessage,
  uploadedCountMessage,
} from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { say } from './support/catalogue.ts';
import { EDITION_YEAR as YEAR } from './support/editions.ts';
import { freshTest as test } from './support/fresh-portal.ts';
import { bearerOf, signInAs } from './support/session.ts';

// One portal for the file, in this order: its first screens with nothing set up, then the imports.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: makePdf(name) });
const toasts = (page: Page) => page.locator('.p-toast-message');

/** Opens the import dialog of the File List and picks the files. */
async function pick(page: Page, names: string[]) {
  await page.goto('/admin/file-list');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import editions' });
  await dialog.locator('input[type=file]').setInputFiles(names.map(pdf));
  return dialog;
}

/** Waits for the one toast of a batch, checks it is the only one, and closes it. */
async function expectOneToast(page: Page, text: string) {
  await expect(toasts(page).filter({ hasText: text })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await toasts(page).getByRole('button', { name: 'Close' }).click();
  await expect(toasts(page)).toHaveCount(0);
}

test('a fresh install: File List and Languages say what to do first', async ({ page }) => {
  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  const files = page.getByRole('table', { name: 'Files' });
  await expect(files.getByText(FILE_MESSAGES.noFilesNoLanguages)).toBeVisible();
  await files.getByRole('link', { name: 'Languages' }).click();
  await expect(page).toHaveURL('/admin/languages');
  await expect(page.getByRole('table', { name: 'Languages' }).getByText(LANGUAGE_MESSAGES.none)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

const firstStep = (page: Page) => page.getByRole('region', { name: say('en', 'stats.firstStep.title') });

test('a fresh install: the statistics say what to do first', async ({ page }) => {
  await signInAs(page, 'Admin');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(firstStep(page)).toContainText(say('en', 'stats.firstStep.languages'));
  await expect(firstStep(page).getByRole('link', { name: 'Migration' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await firstStep(page).getByRole('link', { name: 'Languages' }).click();
  await expect(page).toHaveURL('/admin/languages');
});

test('a fresh install: the statistics offer a Super Admin the migration from the legacy portal', async ({ page }) => {
  await signInAs(page, 'Super Admin');
  await page.goto('/');
  await expect(firstStep(page)).toContainText(say('en', 'stats.firstStep.migration'));
  await firstStep(page).getByRole('link', { name: 'Migration' }).click();
  await expect(page).toHaveURL('/admin/migrate');
});

test("a fresh install: the README's example file offers to add its language, then uploads", async ({ page }) => {
  await signInAs(page, 'Admin');
  const name = `Teevo_English_${YEAR}_03.pdf`;
  const dialog = await pick(page, [name]);
  const row = dialog.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText(languageNotAddedMessage('English').message)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Add English' }).click();
  await expect(row.getByText(languageNotAddedMessage('English').message)).toHaveCount(0);
  await expect(row.locator('.p-dropdown-label')).toHaveText(['Teevo', 'English', String(YEAR), 'March']);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(row.getByText(FILE_MESSAGES.uploaded)).toBeVisible();
  await expectOneToast(page, uploadedCountMessage(1).message);
});

test('a batch uploads its valid rows, names the missing language with an Add action, then uploads that row', async ({
  page,
}) => {
  await signInAs(page, 'Admin');
  const english = `Teevo_English_${YEAR}_04.pdf`;
  const french = `Take5_French_${YEAR}_04.pdf`;
  const dialog = await pick(page, [english, french]);
  const englishRow = dialog.getByRole('listitem').filter({ hasText: english });
  const frenchRow = dialog.getByRole('listitem').filter({ hasText: french });
  await expect(frenchRow.getByText(languageNotAddedMessage('French').message)).toBeVisible();
  await expect(englishRow.getByText(/is not one of the portal/)).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(englishRow.getByText(FILE_MESSAGES.uploaded)).toBeVisible();
  await expect(frenchRow.getByText(FILE_MESSAGES.uploaded)).toHaveCount(0);
  await expect(frenchRow.getByText(FILE_MESSAGES.languageRequired)).toBeVisible();
  // One toast for the batch: what went, and why the other did not.
  await expectOneToast(page, `${french}: ${languageNotAddedMessage('French').message}`);

  await frenchRow.getByRole('button', { name: 'Add French' }).click();
  await expect(frenchRow.getByText(FILE_MESSAGES.languageRequired)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(frenchRow.getByText(FILE_MESSAGES.uploaded)).toBeVisible();
  await expectOneToast(page, uploadedCountMessage(1).message);
  await dialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();

  const table = page.getByRole('table', { name: 'Files' });
  await expect(table.getByRole('row').filter({ hasText: english })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: french })).toHaveCount(1);
});

test('a file for an edition that has one says which file, uploaded when, it will replace', async ({ page }) => {
  await signInAs(page, 'Admin');
  const name = `Teevo_English_${YEAR}_04.pdf`;
  await page.goto('/admin/file-list');
  const files = page.getByRole('table', { name: 'Files' });
  const existing = files.getByRole('row').filter({ hasText: name });
  await expect(existing).toHaveCount(1);
  // The Uploaded On column, as the File List shows it (a stacked cell starts with its column's title).
  const column = (await files.getByRole('columnheader').allTextContents()).findIndex((header) =>
    header.includes('Uploaded On'),
  );
  const cell = await existing.getByRole('cell').nth(column).textContent();
  const uploadedOn = cell?.replace(/^Uploaded On/, '').trim() as string;
  expect(uploadedOn).toMatch(/\d/);

  const renamed = `Teevo English April ${YEAR}.pdf`;
  const dialog = await pick(page, [renamed, `Teevo_English_${YEAR}_05.pdf`]);
  const replacing = dialog.getByRole('listitem').filter({ hasText: renamed });
  await expect(replacing.getByText(replacesMessage(name, uploadedOn).message)).toBeVisible();
  await expect(
    dialog
      .getByRole('listitem')
      .filter({ hasText: '_05.pdf' })
      .getByText(/^Replaces/),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expectOneToast(page, uploadedCountMessage(2).message);
  await dialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
  const table = page.getByRole('table', { name: 'Files' });
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the import dialog with its notes fits a phone', async ({ page }) => {
    await signInAs(page, 'Admin');
    const dialog = await pick(page, [`Teevo_English_${YEAR}_04.pdf`, `Take5_Twi_${YEAR}_04.pdf`]);
    await expect(dialog.getByText(languageNotAddedMessage('Twi').message)).toBeVisible();
    await expect(dialog.getByText(/^Replaces/)).toBeVisible();
    const width = await dialog.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// In French, whose words are longer: "Choisir la langue", "novembre".
const FRENCH = (name: string) => say('fr', name);

/** Eleven files in the French import dialog: ten named as the README says, one the dialog cannot read. */
async function pickEleven(page: Page) {
  await page.addInitScript(() => localStorage.setItem('portal.locale', 'fr'));
  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  await page.getByRole('button', { name: FRENCH('files.import') }).click();
  const dialog = page.getByRole('dialog', { name: FRENCH('files.upload.title') });
  const names = [
    ...Array.from({ length: 10 }, (_, index) => `Teevo_${index % 2 ? 'French' : 'English'}_${YEAR}_${index + 1}.pdf`),
    'edition.pdf',
  ];
  await dialog.locator('input[type=file]').setInputFiles(names.map(pdf));
  await expect(dialog.getByRole('listitem')).toHaveCount(11);
  return dialog;
}

/** The dropdowns of the dialog whose words are cut off (an ellipsis), by what they show. */
const cutOff = (dialog: Locator) =>
  dialog
    .locator('.p-dropdown-label')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );

for (const width of [1366, 360]) {
  test(`the import dialog at ${width} px shows every field of its files whole, in French`, async ({ page }) => {
    await page.setViewportSize({ width, height: 768 });
    const dialog = await pickEleven(page);
    const row = dialog.getByRole('listitem').filter({ hasText: `Teevo_French_${YEAR}_2.pdf` });
    await expect(row.locator('.p-dropdown-label')).toHaveText(['Teevo', 'French', String(YEAR), 'février']);
    await expect(
      dialog.getByRole('listitem').filter({ hasText: 'edition.pdf' }).locator('.p-dropdown-label'),
    ).toHaveText(
      [
        'files.fields.selectBook',
        'files.fields.selectLanguage',
        'files.fields.selectYear',
        'files.fields.selectMonth',
      ].map(FRENCH),
    );
    expect(await cutOff(dialog)).toEqual([]);
    const tops = await row
      .locator('.p-dropdown')
      .evaluateAll((dropdowns) => dropdowns.map((dropdown) => Math.round(dropdown.getBoundingClientRect().top)));
    // On a desktop a row per file, its four fields side by side; on a phone one under the other.
    expect(new Set(tops).size).toBe(width === 1366 ? 1 : 4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('once editions are in, the statistics have no first step; without any, they say to import them', async ({
  page,
  request,
}) => {
  await signInAs(page, 'Admin');
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Downloads per language' })).toBeVisible();
  await expect(firstStep(page)).toHaveCount(0);

  const headers = await bearerOf(request);
  const files = (await (await request.get('/api/files', { headers })).json()) as FileRecord[];
  for (const file of files) expect((await request.delete(`/api/files/${file._id}`, { headers })).status()).toBe(200);
  await page.reload();
  await expect(firstStep(page)).toContainText(say('en', 'stats.firstStep.files'));
  await expect(firstStep(page).getByRole('link', { name: 'Languages' })).toHaveCount(0);
  await firstStep(page).getByRole('link', { name: 'File List' }).click();
  await expect(page).toHaveURL('/admin/file-list');
});
