import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAs, signInThroughDialog } from './support/session.ts';

const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`);

test('a new password needs the current one: missing and wrong are refused on the field, right keeps the session', async ({
  page,
}) => {
  const user = await signInAs(page, 'User', { firstName: 'Esi', lastName: 'Mensah' });
  await page.goto('/profile/details');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Details');
  await expect(page.getByText('Leave blank to keep the same password')).toBeVisible();
  await page.getByLabel('New Password').fill('Changed-pass-9');
  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.confirmRequired)).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Changed-pass-9');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const currentPassword = page.getByLabel('Current Password');
  await expect(fieldError(page, 'profile-current-password')).toHaveText(ACCOUNT_MESSAGES.currentPasswordRequired);
  await expect(currentPassword).toBeFocused();
  await expect(currentPassword).toHaveAttribute('aria-describedby', 'profile-current-password-error');

  await currentPassword.fill('not-my-password');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(fieldError(page, 'profile-current-password')).toHaveText(ACCOUNT_MESSAGES.currentPasswordWrong);
  await expect(currentPassword).toBeFocused();

  await currentPassword.fill(user.password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile is up to date.')).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveValue('');
  await expect(currentPassword).toHaveValue('');

  // The server ended every earlier session; this tab carries on with the token the answer brought, and a
  // change of names alone asks for no password.
  await page.getByLabel('Last Name').fill('Asante');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('banner')).toContainText('Esi Asante');
  await expect(page).toHaveURL('/profile/details');

  await page.getByRole('button', { name: /Esi Asante/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.goto('/login');
  await signInThroughDialog(page, user.email, user.password);
  await expect(page.locator('.p-toast-message-error')).toContainText(ACCOUNT_MESSAGES.wrongCredentials);
  await signInThroughDialog(page, user.email, 'Changed-pass-9');
  await expect(page).toHaveURL('/');
});

test('an Admin changing their own e-mail is asked for the current password', async ({ page }) => {
  const admin = await signInAs(page, 'Admin');
  await page.goto('/user/profile');
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(admin.email);
  const moved = `moved.${admin.email}`;
  await email.fill(moved);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(fieldError(page, 'profile-current-password')).toHaveText(ACCOUNT_MESSAGES.currentPasswordRequired);
  await page.getByLabel('Current Password').fill(admin.password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile is up to date.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(moved);
});

test('a User deletes their own account from the profile, with the keyboard, and can not sign in with it again', async ({
  page,
}) => {
  const user = await signInAs(page, 'User');
  await page.goto('/user/profile');
  const zone = page.getByRole('region', { name: 'Delete my account' });
  const open = zone.getByRole('button', { name: 'Delete my account' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  const password = dialog.getByLabel('Your password');
  await expect(password).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Escape changes nothing and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(fieldError(page, 'delete-account-password')).toHaveText(ACCOUNT_MESSAGES.deleteConfirmRequired);
  await expect(password).toBeFocused();
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await expect(fieldError(page, 'delete-account-password')).toHaveText(ACCOUNT_MESSAGES.currentPasswordWrong);
  await expect(page).toHaveURL('/user/profile');

  await password.fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/dist');
  await expect(page.locator('.p-toast-message-success')).toContainText(ACCOUNT_MESSAGES.accountDeleted);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await page.goto('/login');
  await signInThroughDialog(page, user.email, user.password);
  await expect(page.locator('.p-toast-message-error')).toContainText(ACCOUNT_MESSAGES.wrongCredentials);
  await expect(page).toHaveURL('/login');
});

test('the last Super Admin is told in the dialog why their account stays', async ({ page }) => {
  await signInAs(page, 'Super Admin');
  // Other runs leave more Super Admins behind: the server's refusal is played back instead.
  await page.route('**/api/accounts/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 409, json: { message: ACCOUNT_MESSAGES.lastSuperAdmin } })
      : route.fallback(),
  );
  await page.goto('/user/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByLabel('Your password').fill('E2e-person-pass-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(ACCOUNT_MESSAGES.lastSuperAdmin)).toBeVisible();
  await expect(page).toHaveURL('/user/profile');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Grace Mensah');
});
