import type { Page } from '@playwright/test';
import { formatBytes, LOCALE_NAMES, MAX_PDF_BYTES } from '@portal/contract';
import { makeEditionPdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { say } from './support/catalogue.ts';
import { uploadThroughApi } from './support/editions.ts';
import { bearerOf, createAccount, signInAs } from './support/session.ts';

/** Words and formats in the reader's language (issue 30, points 9 to 11; decision 043). */
const inLocale = (page: Page, locale: string) =>
  page.addInitScript((chosen) => localStorage.setItem('portal.locale', chosen), locale);

/** PrimeReact's English words, which its own copy of its locale kept after addLocale. */
const PRIME_ENGLISH = /All items|Jump to Page|Row Selected|Row Unselected|Rows per page|Next Page|Previous Page/;

test('in French, the File List is named as its menu entry, says "1 envoyé" and writes sizes in ko and Mo', async ({
  page,
}) => {
  // A language only this test uploads in, and a member who asked for its new-edition mail.
  const admin = await bearerOf(page.request);
  const created = await page.request.post('/api/languages/create', {
    headers: admin,
    data: { name: `Fon ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const language = (await created.json()) as { id: string; name: string };
  const account = await createAccount(page.request, 'User');
  const member = await bearerOf(page.request, account);
  const chosen = await page.request.put('/api/notifications/choice', {
    headers: member,
    data: { enabled: true, books: null, languages: [language.id] },
  });
  expect(chosen.status()).toBe(200);
  const edition = await uploadThroughApi(
    page.request,
    4,
    makeEditionPdf({ pages: 1, bytes: 8_000, title: 'Teevo in Fon' }),
    'Teevo',
    { language: language.name },
  );
  // The mail is out once the digest has written down that it sent it.
  await expect
    .poll(async () => {
      const told = await page.request.get('/api/notifications/editions', { headers: admin });
      return ((await told.json()) as { fileId: string; sent: number }[]).find((each) => each.fileId === edition._id)
        ?.sent;
    })
    .toBe(1);

  await inLocale(page, 'fr');
  await signInAs(page, 'Admin');
  await page.goto('/admin/file-list');
  const name = say('fr', 'menu.fileList');
  await expect(
    page.getByRole('navigation', { name: say('fr', 'menu.main') }).getByRole('link', { name }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name} ·`));

  const row = page.getByRole('row').filter({ hasText: language.name });
  const mailed = say('fr', 'files.told.sent', { count: 1 });
  expect(mailed).toBe('1 envoyé');
  await expect(row.getByText(mailed, { exact: true })).toBeVisible();
  const size = formatBytes(edition.file_size, 'fr');
  expect(size).toMatch(/^\d,\d\sko$/);
  await expect(row).toContainText(size);

  await page.getByRole('button', { name: say('fr', 'files.import') }).click();
  const limit = formatBytes(MAX_PDF_BYTES, 'fr');
  expect(limit).toMatch(/^30\sMo$/);
  await expect(page.getByRole('dialog')).toContainText(say('fr', 'files.upload.intro', { size: limit }));
});

for (const locale of ['fr', 'pt'] as const) {
  test(`PrimeReact's screen-reader words follow a change to ${locale}, and a row is announced by its name, selected or not`, async ({
    page,
  }) => {
    const person = await createAccount(page.request, 'User', { firstName: 'Nadia', lastName: 'Selected' });
    await inLocale(page, 'en');
    await signInAs(page, 'Admin');
    await page.goto('/admin/user-list');
    await expect(page.getByRole('button', { name: say('en', 'prime.aria.nextPageLabel') })).toBeVisible();
    const picker = page.getByRole('banner').locator('details', { hasText: say('en', 'app.languagePicker') });
    await picker.locator('summary').click();
    await picker.getByRole('link', { name: LOCALE_NAMES[locale] }).click();
    const table = page.getByRole('table', { name: say(locale, 'menu.users') });
    await table.getByRole('searchbox').or(page.getByRole('searchbox')).fill(person.email);

    const all = page.getByRole('checkbox', { name: say(locale, 'table.selectAll'), exact: true });
    await expect(all).not.toBeChecked();
    const rowName = `${say(locale, 'prime.aria.selectRow')} ${person.email}`;
    const one = page.getByRole('checkbox', { name: rowName, exact: true });
    const row = page.getByRole('row').filter({ has: one });
    await expect(one).not.toBeChecked();
    await expect(row).toHaveAttribute('aria-selected', 'false');
    await one.check();
    // The same name once checked: the checkbox says its state, the name does not claim one.
    await expect(page.getByRole('checkbox', { name: rowName, exact: true })).toBeChecked();
    await expect(row).toHaveAttribute('aria-selected', 'true');

    await expect(page.getByRole('button', { name: say(locale, 'prime.aria.nextPageLabel') })).toBeVisible();
    // The dropdown's focusable input, visually hidden.
    await expect(page.getByLabel(say(locale, 'table.rowsPerPage'), { exact: true })).toHaveCount(1);
    const labels = await page
      .locator('[aria-label]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
    expect(labels.filter((label) => PRIME_ENGLISH.test(label))).toEqual([]);
    expect(await seriousViolations(page, { exclude: '.p-toast' })).toEqual([]);

    // The dashboard's table of downloads per language, a DataTable of its own.
    await page.goto('/');
    await expect(page.getByLabel(say(locale, 'table.rowsPerPage'), { exact: true })).toHaveCount(1);
    const dashboardLabels = await page
      .locator('[aria-label]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
    expect(dashboardLabels.filter((label) => PRIME_ENGLISH.test(label))).toEqual([]);
  });
}
