import { ACCOUNT_MESSAGES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { say } from './support/catalogue.ts';
import { createAccount } from './support/session.ts';

/**
 * Issue 29: on a slow line a visitor taps before the page's scripts have come. The landing page's links work
 * without them: Sign In, Sign Up, another language and the panels each reach a page the visitor can read.
 */
test.describe('the landing page before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('Sign In and Sign Up open their pages', async ({ page }) => {
    await page.goto('/en/dist');
    await page
      .getByRole('main')
      .getByRole('link', { name: say('en', 'common.signIn') })
      .click();
    await expect(page).toHaveURL('/en/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'landing.heading'));
    // Its form is in the page (decision 053), its button waiting for the scripts, like Sign Up's.
    const signIn = page.getByRole('dialog', { name: say('en', 'common.signIn') });
    await expect(signIn.getByLabel(say('en', 'common.email'))).toBeVisible();
    await expect(signIn.getByRole('button', { name: say('en', 'common.signIn') })).toBeDisabled();
    await signIn.getByRole('link', { name: say('en', 'common.close') }).click();
    await expect(page).toHaveURL('/en/dist');
    await page.goBack();
    await signIn.getByRole('link', { name: say('en', 'auth.signIn.forgot') }).click();
    await expect(page).toHaveURL('/en/account/forgot-password');

    await page.goto('/en/dist');
    await page
      .getByRole('main')
      .getByRole('link', { name: say('en', 'common.signUp') })
      .click();
    await expect(page).toHaveURL('/en/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'common.signUp'));
    await expect(page.getByLabel(say('en', 'common.email'), { exact: true })).toBeVisible();
    // Until the scripts take the form over, Enter in a field does not have the browser send it itself.
    await expect(page.getByRole('main').getByRole('button', { name: say('en', 'common.signUp') })).toBeDisabled();
    await page.getByLabel(say('en', 'common.email'), { exact: true }).fill('ama@example.org');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/en/signup');
  });

  test('the language picker is a list of links to the landing page in each language', async ({ page }) => {
    await page.goto('/en/dist');
    const banner = page.getByRole('banner');
    const picker = banner.locator('details', { hasText: say('en', 'app.languagePicker') });
    await picker.locator('summary').click();
    await picker.getByRole('link', { name: 'Kiswahili' }).click();
    await expect(page).toHaveURL('/sw/dist');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('sw', 'landing.heading'));
  });

  test('a panel opens the installation’s page for it', async ({ page, context }) => {
    // The configured address (SPONSOR_URL's default), answered here: the test needs no Internet.
    await context.route('https://www.teevo.org/sponsor', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Sponsor</title><h1>Sponsor a translation</h1>' }),
    );
    await page.goto('/en/dist');
    const opened = page.waitForEvent('popup');
    await page.getByRole('link', { name: new RegExp(`^${say('en', 'landing.sponsor.title')}`) }).click();
    const panel = await opened;
    await expect(panel).toHaveURL('https://www.teevo.org/sponsor');
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText('Sponsor a translation');
  });
});

/** Decision 052: a prerendered page sends its app when the visitor first touches, types or tabs. */
test.describe('a first visit sends the app when the visitor needs it', () => {
  test('the landing page sends no app script until touched, and a button pressed before the app ran works', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/en/dist');
    await page.waitForLoadState('networkidle');
    const entry = await page.evaluate(() =>
      (document.getElementById('app-start') as HTMLTemplateElement).content
        .querySelector('script')
        ?.getAttribute('src'),
    );
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(requested).not.toContain(entry);
    expect(requested.filter((address) => address.endsWith('.css'))).toEqual([]);

    // Pressed before the app has come: the press starts it, and the app presses the button again.
    await page
      .getByRole('banner')
      .getByRole('button', { name: say('en', 'common.settings') })
      .click();
    await expect(page.getByRole('dialog', { name: say('en', 'settings.title') })).toBeVisible();
    expect(requested).toContain(entry);
  });

  test('what is typed into the sign-up form before the app runs stays there', async ({ page }) => {
    await page.goto('/en/signup');
    const name = page.getByLabel(say('en', 'auth.fullName'));
    const email = page.getByLabel(say('en', 'common.email'), { exact: true });
    await name.fill('Ama Mensah');
    await email.fill('ama@example.org');
    const signUp = page.getByRole('main').getByRole('button', { name: say('en', 'common.signUp') });
    await expect(signUp).toBeEnabled();
    await expect(name).toHaveValue('Ama Mensah');
    await expect(email).toHaveValue('ama@example.org');
    // The form has them too: sent, it marks the empty password, not the name and e-mail it was given.
    await signUp.click();
    await expect(page.getByLabel(say('en', 'common.password'), { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveValue('Ama Mensah');
  });

  test('Sign In sends no app script until touched; what was typed before it ran signs in', async ({ page }) => {
    const account = await createAccount(page.request, 'User');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/en/login');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((address) => /\/assets\/index-[\w-]+\.js$/.test(address))).toEqual([]);

    const dialog = page.getByRole('dialog', { name: say('en', 'common.signIn') });
    const email = dialog.getByLabel(say('en', 'common.email'));
    const password = dialog.getByLabel(say('en', 'common.password'), { exact: true });
    await email.fill(account.email);
    await password.fill(account.password);
    // The app has taken the dialog over: modal, the page behind inert, the field typed in still focused.
    await expect.poll(() => page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);
    await expect(password).toBeFocused();
    await expect(email).toHaveValue(account.email);
    await password.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  });

  test('a mailed verification link says it is verifying until the app has come, not that it failed', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/en/account/verify-email?token=not-a-token', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(say('en', 'auth.verify.verifying'))).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.verifyFailed)).toBeHidden();
    release();
    await expect(page.getByText(ACCOUNT_MESSAGES.verifyFailed)).toBeVisible();
    await expect(page.getByText(say('en', 'auth.verify.verifying'))).toBeHidden();
  });

  test('the verify page without a token says so, and sends no app script until touched', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/en/account/verify-email');
    await expect(page.getByText(ACCOUNT_MESSAGES.verifyFailed)).toBeVisible();
    await expect(page.getByText(say('en', 'auth.verify.verifying'))).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((address) => /\/assets\/index-[\w-]+\.js$/.test(address))).toEqual([]);
    await page.getByRole('link', { name: say('en', 'auth.token.forgot') }).click();
    await expect(page).toHaveURL('/en/account/forgot-password');
  });
});
