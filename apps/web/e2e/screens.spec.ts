import type { APIRequestContext, Page } from '@playwright/test';
import type { Church } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { bearerOf, createAccount, signInAs } from './support/session.ts';

const ADMIN_SCREENS = [
  '/',
  '/admin/file-list',
  '/user/download',
  '/admin/upload',
  '/admin/church',
  '/admin/languages',
  '/admin/books',
  '/admin/user-list',
  '/profile/details',
  '/user/profile',
  '/admin/migrate',
];
const USER_SCREENS = ['/', '/user/download', '/user/profile', '/en/dist'];

/** Rows in the tables, so that axe and the width check see filled screens, not empty ones. */
async function seed(request: APIRequestContext) {
  await ensureLanguage(request, 'English');
  await uploadThroughApi(request, 7, makePdf('Teevo July'));
  const church = await request.post('/api/church/create', {
    data: { name: 'Grace Chapel International', country: 'Ghana', allocation: 25 },
    headers: await bearerOf(request),
  });
  expect([201, 409]).toContain(church.status());
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

// The default theme, and the dim one whose colours differ most from it.
for (const theme of ['lara-light-indigo', 'vela-blue']) {
  test(`every signed-in screen and its dialogs have no serious accessibility violations (${theme})`, async ({
    page,
    request,
  }) => {
    // About twenty pages and dialogs, each read whole by axe: minutes on a busy two-core machine.
    test.setTimeout(300_000);
    await seed(request);
    await page.addInitScript((stored) => localStorage.setItem('layout-settings', stored), JSON.stringify({ theme }));
    const account = await signInAs(page, 'Super Admin');
    const found: string[] = [];
    for (const path of [...ADMIN_SCREENS, `/admin/user/${account.id}`]) {
      await open(page, path);
      found.push(...(await seriousViolations(page)));
    }
    const dialogs = [
      ['/admin/church', 'New'],
      ['/admin/languages', 'New'],
      ['/admin/books', 'New'],
      ['/admin/upload', 'Restore the standard list'],
      ['/admin/file-list', 'Import'],
      ['/admin/church', 'Settings'],
      ['/user/profile', 'Delete my account'],
    ] as const;
    for (const [path, button] of dialogs) {
      await open(page, path);
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await seriousViolations(page)));
    }
    expect(found).toEqual([]);
  });
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** Screens wider than the window, which would scroll sideways. */
  async function overflowing(page: Page, screens: string[]) {
    const found: string[] = [];
    for (const path of screens) {
      await open(page, path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) found.push(`${path} is ${scrollWidth} px wide`);
    }
    return found;
  }

  test('every back-office screen fits the width', async ({ page, request }) => {
    await seed(request);
    await signInAs(page, 'Admin');
    expect(
      await overflowing(
        page,
        ADMIN_SCREENS.filter((screen) => screen !== '/admin/migrate'),
      ),
    ).toEqual([]);
  });

  test('the back-office tables show each row as a card of "column value" lines', async ({ page, request }) => {
    // Five screens, each read whole by axe.
    test.setTimeout(120_000);
    await seed(request);
    await signInAs(page, 'Admin');
    const tables = [
      ['/admin/user-list', 'Users'],
      ['/admin/church', 'Churches'],
      ['/admin/languages', 'Languages'],
      ['/admin/books', 'Books'],
      ['/admin/file-list', 'Files'],
    ] as const;
    const found: string[] = [];
    for (const [path, name] of tables) {
      await open(page, path);
      const table = page.getByRole('table', { name });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      // Stacked: no header row, and the first row's cells one under another, each titled with its column.
      const layout = await table.evaluate((element) => {
        const shown = (node: Element | null) => node?.checkVisibility() ?? false;
        const cells = [...element.querySelectorAll('tbody tr:first-child > td')];
        return {
          headers: [...element.querySelectorAll('thead th')].filter(shown).length,
          columns: new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().left))).size,
          titles: cells.filter((cell) => shown(cell.querySelector('.p-column-title'))).length,
        };
      });
      if (layout.headers > 0 || layout.columns > 1 || layout.titles === 0)
        found.push(`${path} ${JSON.stringify(layout)}`);
      found.push(...(await seriousViolations(page)));
    }
    expect(found).toEqual([]);
  });

  test('every screen of a User fits the width, and the editions are cards, not a table', async ({ page, request }) => {
    await seed(request);
    await signInAs(page, 'User');
    expect(await overflowing(page, USER_SCREENS)).toEqual([]);
    await open(page, '/');
    await expect(page.locator('.edition-card').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test('at the common desktop widths every column of Users, Created At and Edit included, fits its card', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await seed(request);
  // The longest values the spec's columns hold: long names, a long address, a long church name.
  const person = await createAccount(request, 'User', {
    firstName: 'Oluwaseyifunmi',
    lastName: 'Boatemaa-Owusu',
    email: `oluwaseyifunmi.boatemaa-owusu.${Date.now()}@example-mail.org`,
  });
  const churches = (await (await request.get('/api/church/getAll')).json()) as Church[];
  const church = churches.find((each) => each.name === 'Grace Chapel International');
  const joined = await request.put(`/api/accounts/${person.id}`, {
    headers: await bearerOf(request),
    data: { church: church?.id },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await signInAs(page, 'Admin');
  const found: string[] = [];
  for (const [width, height] of [
    [1280, 720],
    [1366, 768],
    [1440, 900],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await open(page, '/admin/user-list');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.locator('tbody tr')).toHaveCount(1);
    const card = await page.locator('section').filter({ has: users }).boundingBox();
    const scroll = await users.evaluate((table) => {
      const wrapper = table.closest('.p-datatable-wrapper') as HTMLElement;
      return wrapper.scrollWidth - wrapper.clientWidth;
    });
    if (scroll > 0) found.push(`${width} px: the table scrolls ${scroll} px sideways`);
    for (const [what, locator] of [
      ['Created At', users.getByRole('columnheader', { name: 'Created At' })],
      ['Edit', users.getByRole('button', { name: `Edit ${person.firstName} ${person.lastName}` })],
    ] as const) {
      const box = await locator.boundingBox();
      const fits = card && box && box.x >= card.x && box.x + box.width <= card.x + card.width;
      if (!fits) found.push(`${width} px: ${what} is outside the card`);
    }
  }
  expect(found).toEqual([]);
});
