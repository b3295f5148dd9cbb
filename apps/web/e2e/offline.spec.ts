import type { APIRequestContext, Page } from '@playwright/test';
import { formatBytes, type ThisMonth } from '@portal/contract';
import { makeEditionPdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { catalogue, say } from './support/catalogue.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { bearerOf, signInAs } from './support/session.ts';

const OFFLINE = catalogue('en').offline;

/** The reader's canvas once it has drawn that page. */
const drawnPage = (page: Page, number: number) => page.locator(`canvas.reader-page[data-drawn="${number}"]`);

/** What the device keeps: the saved editions' cache entries and the reader's remembered pages. */
const keptOnDevice = (page: Page) =>
  page.evaluate(async () => ({
    saved: (await caches.has('portal-editions')) ? (await (await caches.open('portal-editions')).keys()).length : 0,
    reading: Object.keys(localStorage).filter((key) => key.startsWith('portal.reader.')).length,
  }));

/**
 * This month's Teevo and Take5 in a language of their own, and its Teevo in another: small editions of three
 * pages; `replaceTeevo` uploads a new file for the first.
 */
async function editions(request: APIRequestContext) {
  const stamp = Date.now();
  const [language, elsewhere] = [`Offline ${stamp}`, `Online ${stamp}`];
  for (const name of [language, elsewhere]) await ensureLanguage(request, name);
  const answer = await request.get('/api/editions/this-month', { headers: await bearerOf(request) });
  const { year, month } = (await answer.json()) as ThisMonth;
  const upload = (book: string, on: string) =>
    uploadThroughApi(request, month, makeEditionPdf({ pages: 3, bytes: 600_000, title: `${book} ${on}` }), book, {
      language: on,
      year,
    });
  return {
    teevo: await upload('Teevo', language),
    take5: await upload('Take5', language),
    unsaved: await upload('Teevo', elsewhere),
    replaceTeevo: () => upload('Teevo', language),
  };
}

test('Today and the text view work offline from this month’s text, kept with the app without saving the PDF', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const language = `Kept ${Date.now()}`;
  await ensureLanguage(request, language);
  const admin = await bearerOf(request);
  const { year, month } = (await (
    await request.get('/api/editions/this-month', { headers: admin })
  ).json()) as ThisMonth;
  // Page N says "Page N" under its title; an admin sets one day a page.
  const pdf = makeEditionPdf({ pages: 31, bytes: 31 * 4_000, title: 'Teevo kept' });
  const edition = await uploadThroughApi(request, month, pdf, 'Teevo', { language, year });
  const dayMap = `/api/editions/${edition._id}/days`;
  const pageCount = async () =>
    ((await (await request.get(dayMap, { headers: admin })).json()) as { pageCount: number | null }).pageCount;
  await expect.poll(pageCount).toBe(31);
  expect((await request.put(dayMap, { headers: admin, data: { firstPage: 1, pagesPerDay: 1 } })).status()).toBe(200);
  const member = await signInAs(page, 'User', { firstName: 'Ama', lastName: 'Kept' });
  await page.request.get(`/api/files/download/${edition._id}`, { headers: await bearerOf(page.request, member) });

  await page.goto('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  const keptTexts = () =>
    page.evaluate(async () =>
      (await caches.has('portal-month-text')) ? (await (await caches.open('portal-month-text')).keys()).length : 0,
    );
  await expect.poll(keptTexts).toBe(1);
  expect(await keptOnDevice(page)).toMatchObject({ saved: 0 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE.notice)).toBeVisible();
  const today = page.getByRole('region', { name: say('en', 'downloads.home.keptToday') });
  const day = new Date().getDate();
  await expect(today).toContainText(`Teevo · ${language}`);
  await expect(today).toContainText(`Page ${day}`);
  expect(await seriousViolations(page)).toEqual([]);
  await today.getByRole('link', { name: /^Read as text: / }).click();
  await expect(page).toHaveURL(`/user/read/${edition._id}/day/${day}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Teevo kept' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(`Page ${day}`);
  // Named, and day after day, from what was kept.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Teevo · ${language}`);
  const forward = day < new Date(year, month, 0).getDate();
  await page.getByRole('link', { name: forward ? 'Next day' : 'Previous day' }).click();
  const other = forward ? day + 1 : day - 1;
  await expect(page).toHaveURL(`/user/read/${edition._id}/day/${other}`);
  await expect(page.getByRole('article')).toContainText(`Page ${other}`);

  // Signing out (online again) takes the kept text with it.
  await context.setOffline(false);
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Ama Kept/ })
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect.poll(keptTexts).toBe(0);
});

test('saved editions open offline, an unsaved one needs a connection, and signing out removes them', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  // Uploaded by a request context of their own: the page's holds the member's session cookie.
  const { teevo, take5, unsaved, replaceTeevo } = await editions(request);
  const member = await signInAs(page, 'User', { firstName: 'Ama', lastName: 'Offline' });
  // A download makes the editions' language the member's: this month's cards show them.
  await page.request.get(`/api/files/download/${teevo._id}`, { headers: await bearerOf(page.request, member) });

  // The first visit: the service worker takes the page over once installed, so what a save fetches is kept.
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  const saved = page.getByRole('region', { name: OFFLINE.title });
  await expect(saved).toHaveCount(0);
  for (const edition of [teevo, take5]) {
    await page
      .getByRole('button', { name: new RegExp(`^Save ${edition.book_name} in ${edition.book_language}`) })
      .click();
  }
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(saved).toContainText(/used on this device/);
  await expect(
    page.getByRole('img', { name: new RegExp(`^Teevo in ${teevo.book_language}.*saved on this device`) }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saved.getByRole('button', { name: new RegExp(`^Remove Take5 in ${take5.book_language}`) }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: new RegExp(`^Save Take5 in ${take5.book_language}`) })).toBeVisible();

  // Offline, and the reader never opened with a connection: the saved edition still opens.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE.notice)).toBeVisible();
  await expect(page.getByRole('region', { name: 'This month' })).toHaveCount(0);
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await saved.getByRole('link', { name: new RegExp(`^Read Teevo in ${teevo.book_language}`) }).click();
  await expect(drawnPage(page, 1)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(teevo.book_language);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(drawnPage(page, 2)).toBeVisible();

  await page.goto(`/user/read/${unsaved._id}`);
  await expect(page.getByText(OFFLINE.needsConnection)).toBeVisible();
  await expect(drawnPage(page, 1)).toHaveCount(0);

  // Back online, the reader saves too.
  await context.setOffline(false);
  await page.goto(`/user/read/${take5._id}`);
  await expect(drawnPage(page, 1)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Save Take5 in ${take5.book_language}`) }).click();
  await expect(
    page.getByRole('img', { name: new RegExp(`^Take5 in ${take5.book_language}.*saved on this device`) }),
  ).toBeVisible();

  // A file replaced since it was saved: the copy is not the edition any more, and Save offers the new one.
  await replaceTeevo();
  await page.goto('/');
  const saveTeevo = page.getByRole('button', { name: new RegExp(`^Save Teevo in ${teevo.book_language}`) });
  await expect(saveTeevo).toBeVisible();
  await saveTeevo.click();
  await expect(
    page.getByRole('img', { name: new RegExp(`^Teevo in ${teevo.book_language}.*saved on this device`) }),
  ).toBeVisible();
  await expect(saved.getByRole('listitem')).toHaveCount(2);

  expect(await keptOnDevice(page)).toEqual({ saved: 2, reading: 1 });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Ama Offline/ })
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/en/dist');
  await expect.poll(() => keptOnDevice(page)).toEqual({ saved: 0, reading: 0 });
});

const userMenuOf = (page: Page, name: RegExp) => page.getByRole('banner').getByRole('button', { name });

test('before Sign Out, the user menu and the download panel say how many saved editions it removes, and their size', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { teevo, take5 } = await editions(request);
  const member = await signInAs(page, 'User', { firstName: 'Kofi', lastName: 'Saver' });
  await page.request.get(`/api/files/download/${teevo._id}`, { headers: await bearerOf(page.request, member) });
  await page.goto('/');
  const signOut = page.getByRole('menuitem', { name: /^Sign Out/ });

  // Nothing saved: Sign Out says nothing more.
  await userMenuOf(page, /Kofi Saver/).click();
  await expect(signOut).toHaveAccessibleName('Sign Out');
  await page.keyboard.press('Escape');

  for (const edition of [teevo, take5]) {
    await page
      .getByRole('button', { name: new RegExp(`^Save ${edition.book_name} in ${edition.book_language}`) })
      .click();
  }
  const saved = page.getByRole('region', { name: OFFLINE.title });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  const both = say('en', 'menu.signOutRemoves', {
    count: 2,
    size: formatBytes(teevo.file_size + take5.file_size, 'en'),
  });
  expect(both).toMatch(/^Removes the 2 editions saved on this device \(\d/);
  await userMenuOf(page, /Kofi Saver/).click();
  await expect(signOut).toHaveAccessibleName(`Sign Out. ${both}`);
  await expect(signOut).toContainText(both);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await saved.getByRole('button', { name: new RegExp(`^Remove Take5 in ${take5.book_language}`) }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  const one = say('en', 'menu.signOutRemoves', { count: 1, size: formatBytes(teevo.file_size, 'en') });
  expect(one).toMatch(/^Removes the edition saved on this device/);
  await userMenuOf(page, /Kofi Saver/).click();
  await expect(signOut).toHaveAccessibleName(`Sign Out. ${one}`);
  await page.keyboard.press('Escape');

  // The download panel's Sign Out says it too; on a phone, the menu's words fit.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user/download');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveAccessibleDescription(one);
  expect(await seriousViolations(page)).toEqual([]);
  await userMenuOf(page, /Kofi Saver|Profile/).click();
  await expect(signOut).toContainText(one);
  const box = await page.locator('#user-menu').boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await signOut.click();
  await expect(page).toHaveURL('/en/dist');
  await expect.poll(() => keptOnDevice(page)).toEqual({ saved: 0, reading: 0 });
});

/** A custom property the theme sets on :root (PrimeReact's themes all do): empty when no theme styles the page. */
const themeColor = (page: Page, property: string) =>
  page.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(), property);

/** The themes the service worker has kept, by name. */
const keptThemes = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('themes')).keys()).flatMap(
      (request) => /\/themes\/\w+\/([\w-]+)\/theme\.css$/.exec(request.url)?.[1] ?? [],
    ),
  );

test('the first page opened offline after signing in is styled, offline and with the portal unreachable', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { teevo } = await editions(request);
  const member = await signInAs(page, 'User', { firstName: 'Zawadi', lastName: 'Mbali' });
  await page.request.get(`/api/files/download/${teevo._id}`, { headers: await bearerOf(page.request, member) });

  // A fresh browser's first visit as a member: its theme was loaded before there was a service worker to keep it.
  await page.goto('/');
  // Installing it precaches the app (about 1 MB), which a busy machine takes a while over.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state), { timeout: 30_000 })
    .toBe('activated');
  await page.getByRole('button', { name: new RegExp(`^Save Teevo in ${teevo.book_language}`) }).click();
  const saved = page.getByRole('region', { name: OFFLINE.title });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  // Following the device, the member may see either theme: both are kept.
  await expect
    .poll(() => keptThemes(page).then((names) => names.sort()))
    .toEqual(['lara-dark-indigo', 'lara-light-indigo']);

  // The browser online, the portal not answering (its server stopped), and no page loaded since the sign-in. The
  // browser's HTTP cache is off while requests are routed: only the service worker answers. Styled in the light
  // theme, and in the dark one on a dark device; one notice that the portal cannot be reached, and the saved
  // editions instead of errors and endless placeholders.
  await context.route('**/*', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  expect(await themeColor(page, '--surface-card')).toBe('#ffffff');
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  expect(await themeColor(page, '--surface-card')).toBe('#1f2937');
  await expect(page.getByText(OFFLINE.unreachable)).toHaveCount(1);
  await expect(page.getByText(OFFLINE.unreachable)).toBeVisible();
  await expect(page.getByRole('region', { name: 'This month' })).toHaveCount(0);
  await expect(page.locator('.p-error')).toHaveCount(0);
  await expect(page.locator('.p-skeleton')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saved.getByRole('link', { name: new RegExp(`^Read Teevo in ${teevo.book_language}`) }).click();
  await expect(drawnPage(page, 1)).toBeVisible();
  await context.unrouteAll();

  // Offline: styled, and the saved edition opens.
  await page.emulateMedia({ colorScheme: 'light' });
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByText(OFFLINE.notice)).toBeVisible();
  expect(await themeColor(page, '--surface-card')).toBe('#ffffff');
  await saved.getByRole('link', { name: new RegExp(`^Read Teevo in ${teevo.book_language}`) }).click();
  await expect(drawnPage(page, 1)).toBeVisible();
  await context.setOffline(false);

  // The portal back: the home as ever.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'This month' })).toBeVisible();
  await expect(page.getByText(OFFLINE.unreachable)).toHaveCount(0);
});
