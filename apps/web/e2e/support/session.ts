import type { Page } from '@playwright/test';
import type { Account, Role } from '@portal/contract';

/** Puts a signed-in user in storage before the app starts, as a previous sign-in would have left it. */
export async function rememberUser(page: Page, role: Role) {
  const user: Account = {
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    title: 'Pastor',
    firstName: 'Grace',
    lastName: 'Mensah',
    fullName: 'Grace Mensah',
    email: 'grace.mensah@example.org',
    role,
    church: null,
    churchName: null,
    country: 'Ghana',
    address: null,
    isMember: true,
    isVerified: true,
    created: '2025-01-01T00:00:00.000Z',
    updated: '2025-01-01T00:00:00.000Z',
  };
  await page.addInitScript((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
}
