import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatBytes, MIGRATION_MESSAGES } from '@portal/contract';
import bcrypt from 'bcryptjs';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { freshTest } from './support/fresh-portal.ts';
import { bearerOf, signInAs } from './support/session.ts';

const stamp = Date.now();
let sequence = 0;
/** A MongoDB ObjectId: creation time in seconds, then a counter. */
const oid = () => {
  sequence += 1;
  return `${Math.floor(stamp / 1000).toString(16)}${sequence.toString(16).padStart(16, '0')}`;
};
const jsonLines = (documents: object[]) => `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`;

const CHURCHES = [`Bethel Legacy ${stamp}`, `Shiloh Legacy ${stamp}`];

/** A small mongoexport: 2 churches, 2 languages, 3 accounts, 2 files whose PDFs are absent, 2 downloads. */
async function writeLegacyExport(): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'legacy-export-'));
  const churches = CHURCHES.map((name) => ({ _id: { $oid: oid() }, name, country: 'Ghana', allocation: 10 }));
  const languages = [`Ewe ${stamp}`, `Ga ${stamp}`].map((name) => ({ _id: { $oid: oid() }, name }));
  const passwordHash = await bcrypt.hash('Old-password-1', 4);
  const accounts = ['ama', 'kofi', 'esi'].map((name, index) => ({
    _id: { $oid: oid() },
    email: `${name}.${stamp}@legacy.example.org`,
    passwordHash,
    title: 'Mr',
    firstName: name,
    lastName: 'Legacy',
    country: 'Ghana',
    role: 'User',
    verified: { $date: '2024-01-02T00:00:00.000Z' },
    church: churches[index % 2]?._id.$oid,
  }));
  const files = languages.map((language) => ({
    _id: { $oid: oid() },
    book_name: 'Teevo',
    book_language: language.name,
    book_month: 'March',
    book_year: 2024,
    file_path: `uploads/Teevo-${language._id.$oid}.pdf`,
    name: `Teevo-${language._id.$oid}.pdf`,
  }));
  const transactions = files.map((file, index) => ({
    _id: { $oid: oid() },
    user: accounts[index]?._id,
    file: file._id,
    createdAt: { $date: '2024-03-05T10:00:00.000Z' },
  }));
  const collections = { churches, languages, accounts, files, transactions };
  return Promise.all(
    Object.entries(collections).map(async ([name, documents]) => {
      const file = path.join(folder, `${name}.json`);
      await writeFile(file, jsonLines(documents));
      return file;
    }),
  );
}

/** The cells of a row of counts as text: each starts with its column's title, which a phone shows. */
const counts = (values: string[]) => values.map((value) => new RegExp(`^\\D*${value}$`));

const countsOf = (page: Page, collection: string) =>
  page.getByRole('table', { name: 'Records per collection' }).getByRole('row', { name: new RegExp(`^${collection} `) });

test('a Super Admin dry-runs, then imports a legacy export', async ({ page }) => {
  const files = await writeLegacyExport();
  await signInAs(page, 'Super Admin');
  await page.goto('/admin/migrate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Migration');
  await expect(page.getByText(MIGRATION_MESSAGES.noReport)).toBeVisible();

  await page.getByLabel('Legacy export files').setInputFiles(files);
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await page.getByRole('button', { name: 'Dry run' }).click();

  await expect(page.getByRole('heading', { name: 'Dry run report' })).toBeVisible();
  await expect(countsOf(page, 'churches').getByRole('cell')).toHaveText(counts(['churches', '2', '2', '0', '0', '0']));
  await expect(countsOf(page, 'languages').getByRole('cell')).toHaveText(
    counts(['languages', '2', '2', '0', '0', '0']),
  );
  await expect(countsOf(page, 'accounts').getByRole('cell')).toHaveText(counts(['accounts', '3', '3', '0', '0', '0']));
  await expect(countsOf(page, 'files').getByRole('cell')).toHaveText(counts(['files', '2', '0', '0', '0', '2']));
  await expect(countsOf(page, 'transactions').getByRole('cell')).toHaveText(
    counts(['transactions', '2', '2', '0', '0', '0']),
  );
  await expect(page.getByRole('heading', { name: 'Missing PDFs (2)' })).toBeVisible();
  const admin = await bearerOf(page.request);
  const churchNames = async () =>
    ((await (await page.request.get('/api/church/getAll', { headers: admin })).json()) as { name: string }[]).map(
      (church) => church.name,
    );
  expect(await churchNames()).not.toContain(CHURCHES[0]);

  await importButton.click();
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeVisible();
  await expect(countsOf(page, 'churches').getByRole('cell')).toHaveText(counts(['churches', '2', '2', '0', '0', '0']));
  expect(await churchNames()).toEqual(expect.arrayContaining(CHURCHES));

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeVisible();
  await expect(countsOf(page, 'accounts').getByRole('cell')).toHaveText(counts(['accounts', '3', '3', '0', '0', '0']));
});

test('an Admin is denied the migration screen', async ({ page }) => {
  await signInAs(page, 'Admin');
  await page.goto('/admin/migrate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Denied');
});

/** Writes the collections as mongoexport JSON Lines files; returns their paths. */
async function writeCollections(collections: Record<string, object[]>): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'legacy-export-'));
  return Promise.all(
    Object.entries(collections).map(async ([name, documents]) => {
      const file = path.join(folder, `${name}.json`);
      await writeFile(file, jsonLines(documents));
      return file;
    }),
  );
}

freshTest(
  'the migration screen: no failing request on a first visit, each file its size and real state, conflicts by name',
  async ({ page }) => {
    // Two axe runs, a dry run and an import on a portal of its own.
    test.setTimeout(120_000);
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    const church = { _id: { $oid: oid() }, name: 'Bethel Chapel', country: 'Ghana', allocation: 10 };
    const passwordHash = await bcrypt.hash('Old-password-1', 4);
    const person = (firstName: string, email: string) => ({
      _id: { $oid: oid() },
      email,
      passwordHash,
      title: 'Mr',
      firstName,
      lastName: 'Legacy',
      country: 'Ghana',
      role: 'User',
      church: church._id.$oid,
    });
    // Enough accounts for a size in kB; the last two share an e-mail address.
    const accounts = [
      ...Array.from({ length: 12 }, (_, index) => person(`Member${index}`, `member${index}@legacy.example.org`)),
      person('Ama', 'ama@legacy.example.org'),
      person('Kofi', 'ama@legacy.example.org'),
    ];
    const files = await writeCollections({ churches: [church], accounts });

    await signInAs(page, 'Super Admin');
    await page.goto('/admin/migrate');
    await expect(page.getByText(MIGRATION_MESSAGES.noReport)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Legacy export files').setInputFiles(files);
    const item = (name: string) => page.locator('.p-fileupload-row').filter({ hasText: name });
    const accountsSize = Buffer.byteLength(jsonLines(accounts));
    await expect(item('accounts.json')).toContainText(formatBytes(accountsSize, 'en'));
    expect(formatBytes(accountsSize, 'en')).toMatch(/^\d+\.\d\skB$/);
    for (const name of ['accounts.json', 'churches.json']) await expect(item(name)).toContainText('Not checked yet');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByRole('heading', { name: 'Dry run report' })).toBeVisible();
    for (const name of ['accounts.json', 'churches.json']) await expect(item(name)).toContainText('Dry run done');

    const conflicts = page.getByRole('table', { name: 'Conflicts' });
    const duplicate = conflicts.getByRole('row').filter({ hasText: 'ama@legacy.example.org' });
    await expect(duplicate).toContainText('E-mail already used by Ama Legacy');
    const kofi = accounts.at(-1)?._id.$oid as string;
    const ama = accounts.at(-2)?._id.$oid as string;
    await expect(conflicts).not.toContainText(ama);
    // The screen, without the dry run's toast (the theme's colours, shared by every toast of the portal).
    expect(await seriousViolations(page, { exclude: '.p-toast' })).toEqual([]);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import report' })).toBeVisible();
    for (const name of ['accounts.json', 'churches.json']) await expect(item(name)).toContainText('Imported');
    await expect(duplicate).toContainText(kofi);

    // On a phone the report's tables are cards that fit the width.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(duplicate).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const table of await page.getByRole('table').all()) {
      expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    expect(await seriousViolations(page, { exclude: '.p-toast' })).toEqual([]);
    expect(failures).toEqual([]);
  },
);
