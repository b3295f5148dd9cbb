import type { Page } from '@playwright/test';
import { LOCALE_NAMES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { bearerOf, createAccount, signInAs } from './support/session.ts';

/** The pseudo-locale: every word from the catalogue accented, longer and in ⟦brackets⟧ (decision 028). */
const PSEUDO = 'en-XA';
const inPseudoLocale = (page: Page) =>
  page.addInitScript((locale) => localStorage.setItem('portal.locale', locale), PSEUDO);

test('the shell draws its words from the catalogue: menu, top bar and footer in the pseudo-locale', async ({
  page,
}) => {
  await inPseudoLocale(page);
  await signInAs(page, 'Admin');
  await page.goto('/admin/church');
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
  const menu = page.getByRole('navigation', { name: /^⟦/ });
  await expect(menu.getByRole('link', { name: /^⟦.* ~+⟧$/ }).first()).toBeVisible();
  // Every link of the side menu is translated: none is left in plain English.
  for (const name of await menu.getByRole('link').allInnerTexts()) expect(name).toMatch(/⟦.+⟧/);
  await expect(page.locator('.layout-footer')).not.toContainText('Terms and conditions');
  await expect(page.locator('.layout-footer')).toContainText('⟦');
});

test("the server's refusals are shown in the reader's language, by their code", async ({ page }) => {
  const account = await createAccount(page.request, 'User');
  await inPseudoLocale(page);
  await page.goto('/login');
  // The fields by their ids: their labels are pseudo words.
  await page.locator('#sign-in-email').fill(account.email);
  await page.locator('#sign-in-password').fill('Not-the-password-1');
  await page.getByRole('dialog').locator('button[type="submit"]').click();
  // messages.accounts.wrongCredentials, "Email or password is incorrect.", made pseudo.
  await expect(page.getByText(/⟦Émàîl ör pàsswörd îs îñçörréçt\. [~ ]+⟧/)).toBeVisible();
});

test('the public pages answer under their locale: /en/dist, /en/login, /en/account/forgot-password', async ({
  page,
}) => {
  const pages: [string, string][] = [
    ['/en/signup', 'Sign Up'],
    ['/en/account/register', 'Register'],
    ['/en/account/forgot-password', 'Forgot Password'],
    ['/en/account/verify-email?token=abc', 'Verify Email'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page).toHaveURL(path);
  }
  await page.goto('/en/login');
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

/**
 * What a screen shows that is no word of the catalogue's: text outside ⟦brackets⟧ with a word of three letters
 * or more, left after the data the test itself put there (names, e-mail, books, languages) is taken out.
 */
async function untranslated(page: Page, data: string[]) {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, [aria-hidden="true"], .sr-only') !== null) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || element.getClientRects().length === 0) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    return found;
  });
  const joined = texts.join('\n');
  // Catalogue words are between brackets, possibly across text nodes: take those stretches out first.
  let rest = joined.replace(/⟦[^⟧]*⟧/gs, ' ');
  // The longest first: a file's name holds its book's.
  for (const value of [...data].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(value, ' ');
  return rest
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /[A-Za-z]{3}/.test(line) && !line.includes('⟦') && !line.includes('⟧'));
}

/**
 * The portal's name in its logo, the same in every language, and the names of the portal's languages, each
 * written as its readers write it (the language picker, the profile's Language).
 */
const BRAND = ['Teen', 'Devotional', ...Object.values(LOCALE_NAMES)];

/** Whether the page scrolls sideways, and which texts are wider than the box that clips them. */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      // The innermost elements that reach past the window's right edge: what makes the page wider.
      const outside = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 1 &&
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
      );
      // Text can also run out of a box that stays inside the window (an unbreakable word): name its element.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const element = node.parentElement;
        if (element && range.getBoundingClientRect().right > window.innerWidth + 1) outside.push(element);
      }
      const named = outside
        .slice(0, 3)
        .map(
          (element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
        );
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth} px: ${named}`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, legend, th, td')) {
      const style = getComputedStyle(element);
      const clips = style.overflow === 'hidden' || style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1 && element.getClientRects().length > 0) {
        problems.push(`cut off: ${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 60)}"`);
      }
    }
    return problems;
  });
}

/**
 * Opens a screen and checks it in the pseudo-locale: no sideways scroll, nothing clipped, and, given the data
 * it may show, no English left; a screenshot of it goes with the test's results.
 */
async function checkScreen(page: Page, path: string, data?: string[]) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutProblems(page), path).toEqual([]);
  if (data) expect(await untranslated(page, data), path).toEqual([]);
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-${width}.png`), fullPage: true });
}

for (const width of [360, 1366]) {
  test(`the member's screens at ${width} px in the pseudo-locale: nothing cut off, no sideways scroll, no English left`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await inPseudoLocale(page);
    for (const path of ['/login', '/signup', '/account/register', '/account/forgot-password', '/terms', '/access']) {
      await checkScreen(page, path, BRAND);
    }
    const member = await signInAs(page, 'User', { firstName: 'Ama', lastName: 'Mensah' });
    // The member's name and address, and the names of the books and languages (other tests add some).
    const names = async (path: string) =>
      ((await (await page.request.get(`/api${path}`)).json()) as { name: string }[]).map(({ name }) => name);
    const data = [
      ...BRAND,
      'Ama Mensah',
      member.email,
      member.country,
      ...(await names('/books')),
      ...(await names('/languages/getAll')),
    ];
    for (const path of ['/', '/user/download', '/user/search?q=no-such-word', '/user/profile'])
      await checkScreen(page, path, data);
  });
}

for (const width of [360, 1366]) {
  test(`the back office at ${width} px in the pseudo-locale: nothing cut off, no sideways scroll, no English left`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await inPseudoLocale(page);
    const admin = await signInAs(page, 'Super Admin', { firstName: 'Kofi', lastName: 'Boateng' });
    const headers = await bearerOf(page.request, admin);
    const get = async <T>(path: string) => (await (await page.request.get(`/api${path}`, { headers })).json()) as T;
    // What the screens show that is data: names of books, languages, churches, countries and files, and the admin's.
    const churches = await get<{ name: string; country: string }[]>('/church/getAll');
    const data = [
      ...BRAND,
      'Kofi Boateng',
      admin.email,
      ...(await get<{ name: string }[]>('/books')).map(({ name }) => name),
      // A language's code is named by the browser, in English for the pseudo-locale: "Swahili (sw)".
      ...(await get<{ name: string; code: string | null }[]>('/languages/getAll')).flatMap(({ name, code }) => [
        name,
        ...(code ? [new Intl.DisplayNames('en', { type: 'language' }).of(code) ?? code] : []),
      ]),
      ...churches.flatMap(({ name, country }) => [name, country]),
      ...(await get<{ name: string }[]>('/file/getAll')).map(({ name }) => name),
    ];
    for (const path of ['/admin/dashboard', '/admin/file-list', '/admin/church', '/admin/languages', '/admin/books']) {
      await checkScreen(page, path, data);
    }
    // Other people's names and every country: there the layout is what is checked.
    for (const path of ['/admin/upload', '/admin/migrate', '/admin/user-list']) await checkScreen(page, path);
  });
}
