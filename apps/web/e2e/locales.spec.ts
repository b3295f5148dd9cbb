import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createAccount, signInAs } from './support/session.ts';

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
  await expect(menu.getByRole('link', { name: /^⟦.*~+⟧$/ }).first()).toBeVisible();
  // Every link of the side menu is translated: none is left in plain English.
  for (const name of await menu.getByRole('link').allInnerTexts()) expect(name).toMatch(/⟦.+⟧/);
  await expect(page.locator('.layout-footer')).not.toContainText('Terms and conditions');
  await expect(page.locator('.layout-footer')).toContainText('⟦');
});

test("the server's refusals are shown in the reader's language, by their code", async ({ page }) => {
  const account = await createAccount(page.request, 'User');
  await inPseudoLocale(page);
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  // messages.accounts.wrongCredentials, "Email or password is incorrect.", made pseudo.
  await expect(page.getByText(/⟦Émàîl ör pàsswörd îs îñçörréçt\.~+⟧/)).toBeVisible();
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
