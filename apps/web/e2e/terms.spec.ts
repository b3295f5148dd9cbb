import type { Locator, Page } from '@playwright/test';
import type { PublicConfig } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { openLanding } from './support/landing.ts';

const OWN = { terms: 'https://example.org/portal-terms', privacy: 'https://example.org/portal-privacy' };

/** The portal as an installation with TERMS_URL and PRIVACY_URL set answers GET /api/config. */
async function withOwnPolicies(page: Page) {
  await page.route('/api/config', async (route) => {
    const config = (await (await route.fetch()).json()) as PublicConfig;
    await route.fulfill({ json: { ...config, links: { ...config.links, ...OWN } } });
  });
}

/** A sign-up form's links to the built-in page, opened in a new tab. */
async function expectBuiltInLinks(form: Locator) {
  const terms = form.getByRole('link', { name: /^terms and conditions/ });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(form.getByRole('link', { name: /^privacy notice/ })).toHaveAttribute('href', '/terms#privacy');
}

test('without TERMS_URL and PRIVACY_URL the footer and the sign-up forms link the built-in page', async ({ page }) => {
  await openLanding(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/terms#privacy');

  // The sign-up dialog, the sign-up page and the full register form: in a new tab, so the form stays filled.
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expectBuiltInLinks(page.getByRole('dialog', { name: 'Sign Up' }));
  await page.goto('/signup');
  await expectBuiltInLinks(page.getByRole('main'));
  await page.goto('/account/register');
  await expectBuiltInLinks(page.getByRole('main'));
  await expect(page.getByLabel('I agree to the terms and conditions')).toHaveAccessibleDescription(
    /Read the terms and conditions .* and the privacy notice/,
  );
});

test.describe('on a small screen', () => {
  // Short enough that the section on what the portal stores starts below the fold.
  test.use({ viewport: { width: 360, height: 420 } });

  test('the sign-up form’s privacy notice opens in a new tab at what the portal stores', async ({ page }) => {
    await page.goto('/account/register');
    const opened = page.waitForEvent('popup');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^privacy notice/ })
      .click();
    const terms = await opened;
    await expect(terms).toHaveURL('/terms#privacy');
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Terms and privacy');
    await expect(terms.getByRole('heading', { name: 'What the portal stores' })).toBeInViewport();
  });
});

test('the built-in page says who runs the portal and what it stores', async ({ page }) => {
  await page.goto('/en/dist');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL('/terms');
  const main = page.getByRole('main');
  // MAIL_FROM's name (the e2e server keeps the default) and EXTERNAL_HOME_URL.
  await expect(main).toContainText('This portal is run by Teen Devotional (www.teevo.org)');
  await expect(main.getByRole('link', { name: 'www.teevo.org' }).first()).toHaveAttribute(
    'href',
    'https://www.teevo.org',
  );
  for (const stored of ['e-mail address', 'one-way hash', 'which edition', 'cookie', 'network address']) {
    await expect(main).toContainText(stored);
  }
});

test('with TERMS_URL and PRIVACY_URL the footer and the sign-up forms link the installation’s own pages', async ({
  page,
}) => {
  await withOwnPolicies(page);
  await page.goto('/signup');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /^Terms and conditions/ })).toHaveAttribute('href', OWN.terms);
  await expect(footer.getByRole('link', { name: /^Privacy/ })).toHaveAttribute('href', OWN.privacy);
  await expect(footer.getByRole('link', { name: /^Privacy/ })).toHaveAttribute('target', '_blank');
  const form = page.getByRole('main');
  await expect(form.getByRole('link', { name: /^terms and conditions/ })).toHaveAttribute('href', OWN.terms);
  await expect(form.getByRole('link', { name: /^privacy notice/ })).toHaveAttribute('href', OWN.privacy);
});

for (const theme of ['lara-light-indigo', 'lara-dark-indigo']) {
  test(`the terms page and the sign-up page have no serious accessibility violations and fit 360 px (${theme})`, async ({
    page,
  }) => {
    // axe reads each page whole, at two widths.
    test.setTimeout(120_000);
    await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/terms', '/signup']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: test.info().outputPath(`${path.slice(1)}-${width}.png`),
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
    }
  });
}
