import type { Locator, Page } from '@playwright/test';
import {
  ACCOUNT_MESSAGES,
  CHURCH_MESSAGES,
  churchHasMembersMessage,
  LANGUAGE_MESSAGES,
  languageInUseMessage,
} from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { bearerOf, createAccount, E2E_ADMIN, signInAs } from './support/session.ts';

/** Names unique to this run, so that a search finds only this test's rows. */
const run = Date.now().toString(36);

const table = (page: Page, name: string) => page.getByRole('table', { name });
const bodyRows = (grid: Locator) => grid.locator('tbody tr');
const toast = (page: Page, text: string) => page.locator('.p-toast').getByText(text).first();

async function chooseOption(page: Page, combobox: string, option: string) {
  // Opened from the keyboard: the dropdown's focusable input is visually hidden.
  await page.getByLabel(combobox, { exact: true }).focus();
  await page.keyboard.press('Enter');
  const filter = page.locator('.p-dropdown-filter');
  if (await filter.isVisible()) await filter.fill(option);
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
}

test('churches: validation, create, duplicate, search, page, sort, edit and delete', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'Admin');
  await page.goto('/admin/church');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Church List');
  const churches = table(page, 'Churches');

  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Church' });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  for (const message of [
    CHURCH_MESSAGES.countryRequired,
    CHURCH_MESSAGES.nameRequired,
    CHURCH_MESSAGES.allocationRequired,
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const names = ['A', 'B', 'C', 'D', 'E', 'F'].map((letter) => `${letter} Chapel ${run}`);
  for (const [index, name] of names.entries()) {
    await page.getByRole('button', { name: 'New' }).click();
    await chooseOption(page, 'Country', index % 2 ? 'Ghana' : 'Kenya');
    await page.getByRole('textbox', { name: 'Church' }).fill(name);
    await page.getByLabel('Allocation').fill(String(10 + index));
    await page.getByRole('dialog', { name: 'New Church' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, `Church ${name} created`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'New Church' })).toBeHidden();
  }

  // The server refuses a second church of the same name in the same country; the dialog says why.
  await page.getByRole('button', { name: 'New' }).click();
  await chooseOption(page, 'Country', 'Kenya');
  await page.getByRole('textbox', { name: 'Church' }).fill(names[0] as string);
  await page.getByLabel('Allocation').fill('1');
  await page.getByRole('dialog', { name: 'New Church' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'New Church' }).getByText(CHURCH_MESSAGES.nameTaken)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'Search churches' }).fill(run);
  await expect(bodyRows(churches)).toHaveCount(5);
  await expect(page.getByText('1 to 5 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Next Page' }).click();
  await expect(bodyRows(churches)).toHaveCount(1);
  // Listed by country, then name: Kenya's last church comes last.
  await expect(bodyRows(churches).first()).toContainText(names[4] as string);
  await page.getByRole('button', { name: 'Previous Page' }).click();

  await churches.getByRole('columnheader', { name: 'Church' }).click();
  await expect(bodyRows(churches).first()).toContainText(names[0] as string);
  await churches.getByRole('columnheader', { name: 'Church' }).click();
  await expect(bodyRows(churches).first()).toContainText(names[5] as string);

  await page.getByRole('button', { name: `Edit ${names[5]}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Church' });
  await expect(edit.getByRole('textbox', { name: 'Church' })).toHaveValue(names[5] as string);
  await edit.getByLabel('Allocation').fill('99');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Church ${names[5]} updated`)).toBeVisible();
  await expect(bodyRows(churches).filter({ hasText: names[5] as string })).toContainText('99');

  await page.getByRole('button', { name: `Delete ${names[5]}` }).click();
  await confirmDelete(page);
  await expect(toast(page, CHURCH_MESSAGES.deleted)).toBeVisible();
  await expect(churches.getByText(names[5] as string)).toHaveCount(0);
  await expect(page.getByText('1 to 5 of 5')).toBeVisible();

  // Bulk delete of two selected rows.
  for (const name of names.slice(0, 2)) {
    await churches.getByRole('checkbox', { name: `Select ${name}` }).click();
  }
  await expect(churches.locator('tbody tr[aria-selected=true]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirmDelete(page);
  await expect(toast(page, CHURCH_MESSAGES.deleted)).toBeVisible();
  await expect(bodyRows(churches)).toHaveCount(3);
  await expect(churches.getByText(names[0] as string)).toHaveCount(0);
});

test('a church with members is not deleted until Users moves them to another church', async ({ page }) => {
  // Three screens, and axe reading the move dialog.
  test.setTimeout(120_000);
  // Not `run`: the churches test counts the churches named with it.
  const tag = (Date.now() + 1).toString(36);
  const headers = await bearerOf(page.request);
  const church = async (name: string, country: string) => {
    const created = await page.request.post('/api/church/create', { headers, data: { name, country, allocation: 5 } });
    expect(created.ok(), await created.text()).toBe(true);
    return (await created.json()) as { id: string };
  };
  const [closing, receiving] = [await church(`Closing ${tag}`, 'Ghana'), await church(`Receiving ${tag}`, 'Kenya')];
  const lastName = `Moved${tag}`;
  const members = [
    await createAccount(page.request, 'User', { firstName: 'Ama', lastName }),
    await createAccount(page.request, 'User', { firstName: 'Kojo', lastName }),
  ];
  const superAdmin = await createAccount(page.request, 'Super Admin', { firstName: 'Esi', lastName });
  for (const member of [...members, superAdmin]) {
    const joined = await page.request.put(`/api/accounts/${member.id}`, { headers, data: { church: closing.id } });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  await signInAs(page, 'Admin');

  // The church stays, and the toast says why.
  await page.goto('/admin/church');
  await page.getByRole('searchbox', { name: 'Search churches' }).fill(`Closing ${tag}`);
  await page.getByRole('button', { name: `Delete Closing ${tag}` }).click();
  await confirmDelete(page);
  await expect(toast(page, churchHasMembersMessage(3).message)).toBeVisible();
  await expect(table(page, 'Churches').getByText(`Closing ${tag}`)).toBeVisible();

  // Users: select the members, Move to church, pick the church, Move.
  await page.goto('/admin/user-list');
  const users = table(page, 'Users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastName);
  await expect(bodyRows(users)).toHaveCount(3);
  const move = page.getByRole('button', { name: 'Move to church' });
  await expect(move).toBeDisabled();
  // Selects the account's row, or unselects it.
  const select = async (account: { email: string }) =>
    bodyRows(users).filter({ hasText: account.email }).getByRole('checkbox').click();
  for (const account of [...members, superAdmin]) await select(account);
  await move.click();
  const dialog = page.getByRole('dialog', { name: 'Move to church' });
  await expect(dialog).toContainText('Move the 3 selected users to this church:');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog.getByText(ACCOUNT_MESSAGES.churchRequired)).toBeVisible();
  await chooseOption(page, 'Church', `Receiving ${tag} (Kenya)`);
  expect(await seriousViolations(page)).toEqual([]);
  // An Admin moves no Super Admin: nobody moves, and the dialog says why.
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog.getByText(ACCOUNT_MESSAGES.superAdminOnly)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(bodyRows(users).filter({ hasText: `Receiving ${tag}` })).toHaveCount(0);

  await select(superAdmin);
  await move.click();
  await expect(dialog).toContainText('Move the 2 selected users to this church:');
  await chooseOption(page, 'Church', `Receiving ${tag} (Kenya)`);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, `2 accounts moved to Receiving ${tag} (Kenya).`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(users).filter({ hasText: `Receiving ${tag}` })).toHaveCount(2);
  await expect(users.locator('tbody tr[aria-selected=true]')).toHaveCount(0);
  await expect(move).toBeDisabled();

  // Only the Super Admin is left, whom a Super Admin moves; then the church goes.
  const moved = await page.request.post('/api/accounts/church', {
    headers,
    data: { ids: [superAdmin.id], churchId: receiving.id },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.goto('/admin/church');
  await page.getByRole('searchbox', { name: 'Search churches' }).fill(`Closing ${tag}`);
  await page.getByRole('button', { name: `Delete Closing ${tag}` }).click();
  await confirmDelete(page);
  await expect(toast(page, CHURCH_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByText('No church found.')).toBeVisible();
});

test('languages: validation, create, search, page, sort, rename and delete', async ({ page, request }) => {
  await signInAs(page, 'Admin');
  await page.goto('/admin/languages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Languages');
  const languages = table(page, 'Languages');

  await page.getByRole('button', { name: 'New' }).click();
  await page.getByRole('dialog', { name: 'New Language' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(LANGUAGE_MESSAGES.nameRequired)).toBeVisible();
  await page.keyboard.press('Escape');

  const names = ['Akan', 'Bemba', 'Chewa', 'Dinka', 'Ewe', 'Fula'].map((name) => `${name} ${run}`);
  for (const name of names) {
    // The keyboard alone: the dialog opens with the name focused and Enter saves.
    await page.getByRole('button', { name: 'New' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(toast(page, `Language ${name} created`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'New Language' })).toBeHidden();
  }

  await page.getByRole('searchbox', { name: 'Search languages' }).fill(run);
  await expect(bodyRows(languages)).toHaveCount(5);
  await page.getByLabel('Rows per page').focus();
  await page.keyboard.press('Enter');
  await page.locator('.p-dropdown-panel').getByRole('option', { name: '10' }).click();
  await expect(bodyRows(languages)).toHaveCount(6);

  await languages.getByRole('columnheader', { name: 'Name' }).click();
  await languages.getByRole('columnheader', { name: 'Name' }).click();
  await expect(bodyRows(languages).first()).toContainText(names[5] as string);

  await page.getByRole('button', { name: `Edit ${names[0]}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Language' });
  await edit.getByLabel('Name').fill(`Twi ${run}`);
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Language Twi ${run} updated`)).toBeVisible();
  await expect(languages.getByText(`Twi ${run}`)).toBeVisible();
  await expect(languages.getByText(names[0] as string)).toHaveCount(0);

  // A language that files use stays, and the server says which files.
  const { jwtToken } = await (await request.post('/api/accounts/authenticate', { data: E2E_ADMIN })).json();
  const upload = await request.post('/api/files/uploadfile', {
    headers: { authorization: `Bearer ${jwtToken}` },
    multipart: {
      book: 'Teevo',
      language: names[1] as string,
      year: '2025',
      month: '3',
      file: { name: 'edition.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await page.getByRole('button', { name: `Delete ${names[1]}` }).click();
  await confirmDelete(page);
  await expect(toast(page, languageInUseMessage([{ book: 'Teevo', year: 2025, month: 3 }], 1).message)).toBeVisible();
  await expect(languages.getByText(names[1] as string)).toBeVisible();

  // A bulk delete tries every row: the free one goes, the used one stays selected with the server's reason.
  for (const name of [names[1], `Twi ${run}`]) {
    await languages.getByRole('checkbox', { name: `Select ${name}` }).click();
  }
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirmDelete(page);
  const summary = page.locator('.p-toast-message').filter({ hasText: `Deleted: Twi ${run}.` });
  await expect(summary).toContainText(
    `${names[1]}: ${languageInUseMessage([{ book: 'Teevo', year: 2025, month: 3 }], 1).message}`,
  );
  await expect(bodyRows(languages)).toHaveCount(5);
  await expect(languages.locator('tbody tr[aria-selected=true]')).toHaveText([new RegExp(names[1] as string)]);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm' })).toContainText(`delete ${names[1]}?`);
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'No' }).click();

  await page.getByRole('button', { name: `Delete ${names[2]}` }).click();
  await confirmDelete(page);
  await expect(toast(page, LANGUAGE_MESSAGES.deleted)).toBeVisible();
  await expect(bodyRows(languages)).toHaveCount(4);
});

test("users: search, sort and page the list, and change a user's role", async ({ page }) => {
  const lastName = `Owusu${run}`;
  const person = await createAccount(page.request, 'User', { firstName: 'Kofi', lastName });
  const church = `Bethel ${run}`;
  for (const country of ['Ghana', 'Kenya']) {
    const created = await page.request.post('/api/church/create', {
      headers: await bearerOf(page.request),
      data: { name: church, country, allocation: 1 },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  await signInAs(page, 'Admin');
  await page.goto('/admin/user-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  const users = table(page, 'Users');
  await expect(bodyRows(users).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastName);
  await expect(bodyRows(users)).toHaveCount(1);
  const row = bodyRows(users).first();
  await expect(row).toContainText(person.email);
  await expect(row).toContainText('User');

  await row.getByRole('button', { name: `Edit Kofi ${lastName}` }).click();
  await expect(page).toHaveURL(`/admin/user/${person.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit User');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByLabel('Role', { exact: true }).focus();
  await page.keyboard.press('Enter');
  // An Admin can not make a Super Admin.
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['Admin', 'User']);
  await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Admin' }).click();
  // Churches of the same name are told apart by their country.
  await page.getByLabel('Church', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.p-dropdown-filter').fill(church);
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText([
    `${church} (Ghana)`,
    `${church} (Kenya)`,
  ]);
  await page
    .locator('.p-dropdown-panel')
    .getByRole('option', { name: `${church} (Kenya)` })
    .click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `User ${person.email} saved`)).toBeVisible();

  await expect(page).toHaveURL('/admin/user-list');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastName);
  await expect(bodyRows(users)).toHaveCount(1);
  await expect(bodyRows(users).first().getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
});

test('an Admin is told why a Super Admin can not be edited, and deleting a user asks first', async ({ page }) => {
  const superAdmin = await createAccount(page.request, 'Super Admin');
  const person = await createAccount(page.request, 'User', { lastName: `Gone${run}` });
  await signInAs(page, 'Admin');

  await page.goto(`/admin/user/${superAdmin.id}`);
  await expect(page.getByText(ACCOUNT_MESSAGES.superAdminOnly)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit User');

  await page.goto(`/admin/user/${person.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(toast(page, ACCOUNT_MESSAGES.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL('/admin/user-list');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`Gone${run}`);
  await expect(page.getByText('No user found.')).toBeVisible();
});

test('an Admin who deletes their own account confirms it with the password and is signed out', async ({ page }) => {
  const me = await signInAs(page, 'Admin');
  await page.goto(`/admin/user/${me.id}`);
  await expect(page.getByLabel('Email')).toHaveValue(me.email);
  // The server refuses a change of one's own role or verified flag; the form says so instead.
  await expect(page.getByText('Your own role and verified flag can only be changed by another admin.')).toBeVisible();
  await expect(page.getByLabel('Role', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Verified')).toBeDisabled();
  await expect(page.getByLabel('Member')).toBeEnabled();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByLabel('Your password').fill(me.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/en/dist');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
