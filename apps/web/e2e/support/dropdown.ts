import { expect, type Page } from '@playwright/test';

const dropdown = (page: Page, id: string) => page.locator('.p-dropdown', { has: page.locator(`#${id}`) });

/** Opens a PrimeReact Dropdown by its input's id and picks an option, then waits for its panel to close. */
export async function choose(page: Page, id: string, option: string) {
  await dropdown(page, id).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

/** The options a PrimeReact Dropdown offers, read from its opened panel, which is closed again. */
export async function offered(page: Page, id: string) {
  await dropdown(page, id).click();
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel.getByRole('option').first()).toBeVisible();
  const options = await panel.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  return options;
}
