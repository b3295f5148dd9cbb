import { expect, test } from './fixtures.ts';

test('the settings panel changes the theme and the scale, and the choice survives a reload', async ({ page }) => {
  await page.goto('/en/dist');
  const themeLink = page.locator('link#theme-link');
  const html = page.locator('html');
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(themeLink).toHaveAttribute('href', /^\/themes\/\w+\/lara-light-indigo\/theme\.css$/);
  await expect(html).toHaveCSS('font-size', '14px');
  const lightBackground = await bodyBackground();

  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Layout settings' });
  await panel.getByLabel('Theme').selectOption({ label: 'Lara Dark Indigo' });
  await expect(themeLink).toHaveAttribute('href', /^\/themes\/\w+\/lara-dark-indigo\/theme\.css$/);
  await expect.poll(bodyBackground).not.toBe(lightBackground);
  await expect(panel.getByText('Dark', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Increase scale' }).click();
  await expect(html).toHaveCSS('font-size', '15px');
  await expect(panel.getByText('15 px')).toBeVisible();

  await page.reload();
  await expect(themeLink).toHaveAttribute('href', /^\/themes\/\w+\/lara-dark-indigo\/theme\.css$/);
  await expect(html).toHaveCSS('font-size', '15px');
  await expect.poll(bodyBackground).not.toBe(lightBackground);
});
