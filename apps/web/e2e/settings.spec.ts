import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { catalogue } from './support/catalogue.ts';
import { openLanding } from './support/landing.ts';

const themeLink = (page: Page) => page.locator('link#theme-link');
const showsTheme = (page: Page, theme: string) =>
  expect(themeLink(page)).toHaveAttribute('href', new RegExp(`^/themes/\\w+/${theme}/theme\\.css$`));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the settings panel changes the theme and the scale, and the choice survives a reload', async ({ page }) => {
  await openLanding(page);
  const html = page.locator('html');
  await showsTheme(page, 'lara-light-indigo');
  await expect(html).toHaveCSS('font-size', '14px');
  const lightBackground = await bodyBackground(page);

  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Layout settings' });
  await panel.getByText('More themes').click();
  await panel.getByRole('combobox', { name: 'More themes' }).selectOption({ label: 'Vela Blue' });
  await showsTheme(page, 'vela-blue');
  await expect.poll(() => bodyBackground(page)).not.toBe(lightBackground);
  await expect(panel.getByText('Dim', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Increase scale' }).click();
  await expect(html).toHaveCSS('font-size', '15px');
  await expect(panel.getByText('15 px')).toBeVisible();

  await page.reload();
  await showsTheme(page, 'vela-blue');
  await expect(html).toHaveCSS('font-size', '15px');
  await expect.poll(() => bodyBackground(page)).not.toBe(lightBackground);
  // A theme from the list is no first choice: the list stays open on it.
  await page.getByRole('button', { name: 'Settings' }).click();
  for (const choice of ['Light', 'Dark', 'Like this device']) {
    await expect(panel.getByRole('radio', { name: choice })).not.toBeChecked();
  }
  await expect(panel.getByRole('combobox', { name: 'More themes' })).toHaveValue('vela-blue');
});

/** Whether the boot script (layout-boot.js, before the first paint) chose a theme other than the inlined light one. */
const bootHeldPaintFor = (page: Page) =>
  page.evaluate(() => ({
    blocking: document.getElementById('theme-link')?.getAttribute('blocking'),
    inlinedLight: document.getElementById('theme-critical') !== null,
  }));

test("the theme follows the device's light or dark setting until the member picks light or dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // What every visit stored before: the default theme, which nobody picked.
  await page.addInitScript(() => {
    if (!localStorage.getItem('layout-settings')) {
      localStorage.setItem('layout-settings', JSON.stringify({ theme: 'lara-light-indigo', scale: 14 }));
    }
  });
  await page.goto('/en/dist');
  await showsTheme(page, 'lara-dark-indigo');
  // Dark from the first paint: the boot script dropped the light rules and held the paint for the dark theme.
  expect(await bootHeldPaintFor(page)).toEqual({ blocking: 'render', inlinedLight: false });
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  const darkBackground = await bodyBackground(page);

  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Layout settings' });
  const choice = (name: string) => panel.getByRole('radio', { name });
  await expect(choice('Like this device')).toBeChecked();
  // The 56 themes wait under "More themes".
  await expect(panel.getByRole('combobox', { name: 'More themes' })).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  // The device turns light (morning): so does the open page.
  await page.emulateMedia({ colorScheme: 'light' });
  await showsTheme(page, 'lara-light-indigo');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'light');
  await expect.poll(() => bodyBackground(page)).not.toBe(darkBackground);

  // Dark, picked, holds on a light device.
  await choice('Dark').check();
  await showsTheme(page, 'lara-dark-indigo');
  await page.reload();
  await showsTheme(page, 'lara-dark-indigo');
  expect(await bootHeldPaintFor(page)).toEqual({ blocking: 'render', inlinedLight: false });

  // Light, picked, holds on a dark device, and paints at once from the inlined light rules.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(choice('Dark')).toBeChecked();
  await choice('Light').check();
  await page.reload();
  await showsTheme(page, 'lara-light-indigo');
  expect(await bootHeldPaintFor(page)).toEqual({ blocking: null, inlinedLight: true });
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'light');

  // Back to the device's.
  await page.getByRole('button', { name: 'Settings' }).click();
  await choice('Like this device').check();
  await showsTheme(page, 'lara-dark-indigo');
  await page.reload();
  await showsTheme(page, 'lara-dark-indigo');
});

test('the first choice of theme in French, on a phone, in the dark', async ({ page }) => {
  const words = catalogue('fr').settings;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/fr/dist');
  await page.getByRole('button', { name: catalogue('fr').common.settings }).click();
  const panel = page.getByRole('dialog', { name: words.title });
  await expect(panel.getByRole('group', { name: words.theme })).toBeVisible();
  await expect(panel.getByRole('radio', { name: words.device })).toBeChecked();
  await panel.getByText(words.moreThemes).click();
  await expect(panel.getByRole('combobox', { name: words.moreThemes })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('settings-fr-360-dark.png') });
});
