import { MESSAGES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { signInAs } from './support/session.ts';

const SHELL_PAGES: Record<string, string> = {
  '/': 'Dashboard',
  '/admin/dashboard': 'Dashboard',
  '/admin/file-list': 'File List',
  '/user/download': 'Download',
  '/admin/upload': 'Countries',
  '/admin/church': 'Church List',
  '/admin/languages': 'Languages',
  '/admin/books': 'Books',
  '/admin/user-list': 'Users',
  '/admin/user/42': 'Edit User',
  '/profile/details': 'Profile Details',
  '/user/profile': 'My Profile',
  '/admin/migrate': 'Migration',
};

test('every route of the signed-in area opens in the shell for a Super Admin', async ({ page }) => {
  await signInAs(page, 'Super Admin');
  for (const [path, heading] of Object.entries(SHELL_PAGES)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }
  // Only the Admin role is sent away from the landing page: Loading shows a Super Admin the download panel.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Loading' }).click();
  await expect(page).toHaveURL('/en/dist');
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
});

test('an Admin gets the shell with the back-office menu, and signing out goes to the landing page', async ({
  page,
}) => {
  const account = await signInAs(page, 'Admin');
  await page.goto('/admin/church');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Church List');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const group of ['Home', 'Translations', 'Administration']) {
    await expect(menu.getByRole('list', { name: group })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Church List' })).toHaveAttribute('aria-current', 'page');
  // The migration is for Super Admins only; the landing page sends an Admin back to the dashboard.
  await expect(menu.getByRole('link', { name: 'Migration' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Loading' })).toHaveCount(0);
  await page.goto('/admin/migrate');
  await expect(page).toHaveURL('/access');
  await page.goto('/en/dist');
  await expect(page).toHaveURL('/');
  await page.goto('/admin/church');
  await expect(page.getByRole('banner')).toContainText('Grace Mensah');
  await expect(page.getByRole('banner')).toContainText(account.email);

  await page.getByRole('button', { name: /Grace Mensah/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/en/dist');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a User sees only the download menu and is denied the back office', async ({ page }) => {
  await signInAs(page, 'User');
  await page.goto('/admin/church');

  await expect(page).toHaveURL('/access');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Denied');
  await expect(page.getByText(MESSAGES.denied)).toBeVisible();

  await page.getByRole('link', { name: 'Go To Dashboard' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText(['Download', 'Search']);
});

test('at 360 px the menu opens over the page from the keyboard and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'Super Admin');
  await page.goto('/user/download');
  const toggle = page.getByRole('button', { name: 'Main menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL('/admin/user-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  await expect(menu).toBeHidden();
});
