import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import {
  bearerOf,
  createAccount,
  refreshCookieOf,
  refreshStatusWith,
  signInAs,
  signInThroughDialog,
} from './support/session.ts';

/** Waits for the browser's sign-out request (sent keepalive, so also from a page that is leaving) and its answer. */
function revoked(page: Page) {
  return page.context().waitForEvent('response', (response) => response.url().endsWith('/api/accounts/revoke-token'));
}

/** The user's dashboard, whose figures come from the API: the session works. */
async function expectWorkingDashboard(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
  await expect(page.locator('.download-count strong').first()).toHaveText(/^\d+$/);
}

const signOutThroughTopBar = async (page: Page) => {
  await page.goto('/');
  await expectWorkingDashboard(page);
  const cookie = await refreshCookieOf(page.context());
  await page.getByRole('button', { name: /Grace Mensah/ }).click();
  const answer = revoked(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  return { cookie, answer };
};

const signOutThroughLandingPage = (button: 'Sign Out' | 'Return to homepage') => async (page: Page) => {
  await page.goto('/en/dist');
  const leave = page.getByRole('button', { name: button });
  await expect(leave).toBeEnabled();
  const cookie = await refreshCookieOf(page.context());
  const answer = revoked(page);
  await leave.click();
  return { cookie, answer };
};

const SIGN_OUTS = {
  'the top bar’s Sign Out': { signOut: signOutThroughTopBar, lands: /\/en\/dist$/ },
  'the landing page’s Sign Out': { signOut: signOutThroughLandingPage('Sign Out'), lands: /\/en\/dist$/ },
  'the landing page’s Return to homepage': {
    signOut: signOutThroughLandingPage('Return to homepage'),
    lands: /^https:\/\/www\.teevo\.org\/$/,
  },
};

for (const [name, { signOut, lands }] of Object.entries(SIGN_OUTS)) {
  test(`${name} ends the session on the server: its refresh cookie no longer works`, async ({ page, request }) => {
    // The external home page, answered here so that the test needs no network.
    await page.route(/^https:\/\/www\.teevo\.org\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Teevo</title>' }),
    );
    await signInAs(page, 'User');
    const { cookie, answer } = await signOut(page);
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().postData()).toBe('{}');
    expect(response.request().headers()['content-type']).toBe('application/json');
    await expect(page).toHaveURL(lands);
    expect(await refreshStatusWith(request, cookie)).toBe(401);
  });
}

/** A new User signed in on the page's dashboard and on a second tab of the same browser; the second tab. */
async function twoSignedInTabs(page: Page): Promise<Page> {
  await signInAs(page, 'User');
  await page.goto('/');
  await expectWorkingDashboard(page);
  const other = await page.context().newPage();
  await other.goto('/');
  await expectWorkingDashboard(other);
  return other;
}

test('two tabs refreshing at the same moment both stay signed in', async ({ page }) => {
  const other = await twoSignedInTabs(page);

  for (let round = 0; round < 3; round += 1) {
    await Promise.all([page.reload(), other.reload()]);
    await expectWorkingDashboard(page);
    await expectWorkingDashboard(other);
  }
  // Each tab's API calls still work, and a change made in one shows in the other.
  await other.goto('/user/profile');
  await other.getByLabel('First Name').fill('Efua');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByText('Your profile is up to date.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Efua Mensah');
  await page.reload();
  await expectWorkingDashboard(page);
});

test('two tabs whose access token falls due at the same moment take turns and both stay signed in', async ({
  page,
}) => {
  await page.context().clock.install();
  const other = await twoSignedInTabs(page);
  const refreshes: number[] = [];
  page.context().on('response', (response) => {
    if (response.url().endsWith('/api/accounts/refresh-token')) refreshes.push(response.status());
  });

  for (let round = 0; round < 3; round += 1) {
    // Both tabs hold the same token, so both timers fire together, a minute before it expires.
    await page.context().clock.runFor('14:30');
    await expect.poll(() => refreshes.length).toBeGreaterThan(round);
  }
  expect(refreshes.every((status) => status === 200)).toBe(true);
  // Each tab calls the API with the token it now holds in memory.
  for (const [tab, firstName] of [
    [page, 'Efua'],
    [other, 'Akosua'],
  ] as const) {
    await tab.getByRole('button', { name: /^\S+ Mensah\b/ }).click();
    await tab.getByRole('menuitem', { name: 'Profile' }).click();
    await tab.getByLabel('First Name').fill(firstName);
    await tab.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(tab.getByText('Your profile is up to date.')).toBeVisible();
  }
});

test('signing out in one tab signs out the others; signing in in one signs in the others, without a reload', async ({
  page,
}) => {
  const account = await signInAs(page, 'User');
  await page.goto('/user/profile');
  await expect(page.getByLabel('First Name')).toHaveValue('Grace');
  const other = await page.context().newPage();
  await other.goto('/');
  await expectWorkingDashboard(other);

  await other.getByRole('button', { name: /Grace Mensah/ }).click();
  await other.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(other).toHaveURL('/en/dist');
  await expect(page).toHaveURL('/en/dist');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  // One tab signs in again; the other, left on the sign-in page, goes on signed in too.
  await page.goto('/login');
  await other.goto('/login?redirect=%2Fuser%2Fprofile');
  await signInThroughDialog(page, account.email, account.password);
  await expectWorkingDashboard(page);
  await expect(other).toHaveURL('/user/profile');
  await expect(other.getByLabel('First Name')).toHaveValue('Grace');
  await other.getByLabel('First Name').fill('Adjoa');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByText('Your profile is up to date.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Adjoa Mensah');
});

/** Signs a new User in on that page, then has the Super Admin delete the account behind the page's back. */
async function deletedWhileOn(page: Page, request: APIRequestContext, path: string) {
  const account = await signInAs(page, 'User');
  await page.goto(path);
  await expect(page.getByRole('banner')).toContainText('Grace Mensah');
  // The page has asked what it shows (the profile asks for the new-edition mail choice too): the first call
  // after the deletion is the test's own.
  await page.waitForLoadState('networkidle');
  const deleted = await request.delete(`/api/accounts/${account.id}`, { headers: await bearerOf(request) });
  expect(deleted.status()).toBe(200);
}

test('a person whose account an admin deleted is sent once to sign in, told that the session ended', async ({
  page,
  request,
}) => {
  await deletedWhileOn(page, request, '/user/profile');
  await page.getByLabel('First Name').fill('Ama');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fprofile');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByText(ACCOUNT_MESSAGES.sessionEnded)).toBeVisible();
  await expect(dialog).toContainText('After signing in you go back to /user/profile.');
  await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fprofile');
  expect(await seriousViolations(page)).toEqual([]);

  // Told once: closing the dialog leaves a visitor on the landing page, not sent back to sign in.
  await dialog.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL('/en/dist');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a session the server ended on a reload sends the person to sign in with the same message', async ({
  page,
  request,
}) => {
  await deletedWhileOn(page, request, '/user/download');
  await page.reload();
  await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fdownload');
  await expect(page.getByRole('dialog', { name: 'Sign In' }).getByText(ACCOUNT_MESSAGES.sessionEnded)).toBeVisible();
  // Someone else signs in from there and goes on to the page that was asked for.
  const other = await createAccount(request, 'User');
  await signInThroughDialog(page, other.email, other.password);
  await expect(page).toHaveURL('/user/download');
});
