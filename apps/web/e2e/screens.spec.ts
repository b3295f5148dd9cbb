import type { APIRequestContext, Page } from '@playwright/test';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { bearerOf, signInAs } from './support/session.ts';

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
    // Eighteen pages and dialogs, each read whole by axe.
    test.setTimeout(120_000);
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

  test('every screen of a User fits the width, and the editions are cards, not a table', async ({ page, request }) => {
    await seed(request);
    await signInAs(page, 'User');
    expect(await overflowing(page, USER_SCREENS)).toEqual([]);
    await open(page, '/');
    await expect(page.locator('.edition-card').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
