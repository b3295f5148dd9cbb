import { LANDING_HERO } from '../src/features/landing/hero-text.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

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

    await page.goto('/en/dist');

    await expect(page.locator('link#theme-link')).toHaveAttribute('href', `/themes/${theme}/theme.css`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teevo and Take5, every month, in your language');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video.locator('source')).toHaveAttribute('src', /^https?:\/\/.+/);
    for (const name of [
      'Sponsor a translation',
      'Listen to the audio format',
      'Request the Braille format',
      'Get other teen publications',
    ]) {
      const panel = page.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(panel).toHaveAttribute('href', /^https?:\/\/.+/);
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_HERO.title);
    await expect(page.getByText(LANDING_HERO.lead)).toBeVisible();
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

  await page.goto('/en/dist');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog', { name: /sign up/i })).toBeVisible();

  expect(
    await page.evaluate(() => (window as unknown as { headingRemovals: { count: number } }).headingRemovals.count),
  ).toBe(0);
  expect(errors).toEqual([]);
});
