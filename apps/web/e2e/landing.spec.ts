import { LOCALES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { catalogue } from './support/catalogue.ts';
import { openLanding } from './support/landing.ts';
import { signInAs } from './support/session.ts';

const LANDING = catalogue('en').landing;

// The default theme, and one dim and one dark theme, whose colours differ the most from it.
for (const theme of ['lara-light-indigo', 'vela-blue', 'lara-dark-indigo']) {
  test(`the landing page loads with no console errors and no serious accessibility violations (${theme})`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));

    await openLanding(page);

    await expect(page.locator('link#theme-link')).toHaveAttribute(
      'href',
      new RegExp(`^/themes/\\w+/${theme}/theme\\.css$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teevo and Take5, every month, in your language');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/en/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/en/signup');
    // The teaser is its poster and a Play button: no video is fetched until the visitor asks.
    await expect(page.getByRole('button', { name: 'Play the teaser video' })).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    for (const name of [
      'Sponsor a translation',
      'Listen to the audio format',
      'Request the Braille format',
      'Get other teen publications',
    ]) {
      const panel = page.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(panel).toHaveAttribute('href', /^\/api\/links\/\w+$/);
      await expect(panel).toHaveAttribute('target', '_blank');
      await expect(panel).toHaveAttribute('rel', 'noopener');
    }
    await page.waitForLoadState('networkidle');

    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page paints its hero from the HTML the server sends', async ({ page }) => {
    await page.goto('/en/dist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING.heading);
    await expect(page.getByText(LANDING.lead)).toBeVisible();
  });
});

test('React takes over the prerendered landing page without drawing it again', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Counts every removal of the heading the HTML brought, from before the first script runs.
  await page.addInitScript(() => {
    const removals = { count: 0 };
    Object.assign(window, { headingRemovals: removals });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.id === 'landing-title' || node.querySelector('#landing-title'))) {
            removals.count++;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await openLanding(page);
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog', { name: /sign up/i })).toBeVisible();

  expect(
    await page.evaluate(() => (window as unknown as { headingRemovals: { count: number } }).headingRemovals.count),
  ).toBe(0);
  expect(errors).toEqual([]);
});

test('a signed-in member on the landing page has their menu: dashboard, profile, sign out; the logo goes to /', async ({
  page,
}) => {
  const account = await signInAs(page, 'User');
  await page.goto('/en/dist');
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Teen Devotional' })).toHaveAttribute('href', '/');

  const userButton = banner.getByRole('button', { name: new RegExp(account.email) });
  await userButton.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/user/profile');

  await page.goto('/en/dist');
  await userButton.click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

  // Every page outside the shell keeps the menu, and offers no Sign In or Sign Up to someone signed in.
  for (const path of ['/signup', '/account/forgot-password', '/terms', '/no/such/page', '/access']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(userButton, path).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign In' }), path).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Teen Devotional' }), path).toHaveAttribute('href', '/');
  }

  await page.goto('/en/dist');
  await userButton.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/en/dist');
  await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
  // A visitor's logo stays on the landing page: `/` would only ask them to sign in.
  await expect(banner.getByRole('link', { name: 'Teen Devotional' })).toHaveAttribute('href', '/en/dist');
});

for (const theme of ['lara-light-indigo', 'lara-dark-indigo']) {
  test(`the landing page with the member's menu open has no serious accessibility violations and fits 360 px (${theme})`, async ({
    page,
  }) => {
    // axe reads each page whole, at two widths.
    test.setTimeout(120_000);
    await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
    const account = await signInAs(page, 'User');
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/en/dist');
      await page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(account.email) })
        .click();
      await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: test.info().outputPath(`landing-member-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
}

test('the public top bar is one row at 360 px in every locale (issue 30)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const locale of LOCALES) {
    await openLanding(page, `/${locale}/dist`);
    const banner = page.getByRole('banner');
    // The logo, Sign In, Sign Up, the language and the settings: their boxes' middles on one line.
    const middles = await banner
      .locator('.brand-logo, a.p-button, .locale-picker summary, button')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().y + item.clientHeight / 2)));
    expect(middles.length, locale).toBe(5);
    expect(Math.max(...middles) - Math.min(...middles), locale).toBeLessThanOrEqual(2);
  }
});
