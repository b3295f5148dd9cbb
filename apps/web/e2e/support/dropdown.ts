import type { Page } from '@playwright/test';

/** Opens a PrimeReact Dropdown by its input's id and picks an option. */
export async function choose(page: Page, id: string, option: string) {
  await page.locator('.p-dropdown', { has: page.locator(`#${id}`) }).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}
