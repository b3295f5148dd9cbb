import { MESSAGES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { signInAs } from './support/session.ts';

test('reloading a back-office page serves the app, which sends a visitor to sign in and remembers the page', async ({
  page,
}) => {
  const response = await page.goto('/admin/church');

  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fchurch');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('/admin/church');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teevo and Take5, every month, in your language');
});

test('closing the Sign In dialog leaves the landing page', async ({ page }) => {
  await page.goto('/en/dist');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  // The landing page's links keep its language (decision 028).
  await expect(page).toHaveURL('/en/login');
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL('/en/dist');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an unknown path shows Not Found and a way back to the dashboard', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
  await expect(page.getByText(MESSAGES.notFound)).toBeVisible();
  const back = page.getByRole('link', { name: 'Go To Dashboard' });
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  // The dashboard needs a session; a visitor who was not on their way anywhere else lands on the landing page.
  await expect(page).toHaveURL('/en/dist');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('a visitor opening the site in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('lands on the landing page in their language, with no Sign In dialog (issue 30, point 4)', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveURL('/es/dist');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // On the way to a page behind sign-in, the dialog still asks, and says where it will come back to.
    await page.goto('/user/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fprofile');
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

const PUBLIC_PAGES: Record<string, string> = {
  '/signup': 'Sign Up',
  '/Signup': 'Sign Up',
  '/account/register': 'Register',
  '/account/reset-password?token=abc': 'Reset Password',
  '/account/verify-email?token=abc': 'Verify Email',
  '/account/forgot-password': 'Forgot Password',
};

test('every public route shows its own page to a visitor', async ({ page }) => {
  for (const [path, heading] of Object.entries(PUBLIC_PAGES)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page).toHaveURL(path);
  }
});

test('/admin alone opens the dashboard rather than an empty page', async ({ page }) => {
  await signInAs(page, 'User');
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
});

test('any GET of a page path answers the page, whatever the client accepts; the API and missing files stay JSON 404', async ({
  request,
}) => {
  // curl sends Accept: */*; some health checks and link checkers send no Accept at all.
  for (const headers of [{ accept: '*/*' }, {}, { accept: 'application/json' }] as Record<string, string>[]) {
    for (const path of ['/', '/en/dist', '/admin/church']) {
      const response = await request.get(path, { headers });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
  }
  const api = await request.get('/api/nope', { headers: { accept: '*/*' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: MESSAGES.routeNotFound, code: 'common.routeNotFound' });
  for (const path of ['/assets/missing.js', '/favicon.ico']) {
    const missing = await request.get(path, { headers: { accept: 'text/html' } });
    expect(missing.status(), path).toBe(404);
    expect(await missing.json()).toEqual({ message: MESSAGES.notFound, code: 'common.notFound' });
  }
});
