import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { Role, Session } from '@portal/contract';

/** The Super Admin the end-to-end server is started with (playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.org', password: 'E2e-admin-pass-1' };

let created = 0;

async function signInThroughApi(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const response = await request.post('/api/accounts/authenticate', { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Session;
}

/** A new verified account of that role, made by the Super Admin through the API. */
export async function createAccount(
  request: APIRequestContext,
  role: Role,
  person: { firstName?: string; lastName?: string; email?: string } = {},
) {
  created += 1;
  const { jwtToken } = await signInThroughApi(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const account = {
    title: 'Pastor',
    firstName: person.firstName ?? 'Grace',
    lastName: person.lastName ?? 'Mensah',
    email: person.email ?? `grace.${role.replace(' ', '').toLowerCase()}.${Date.now()}.${created}@example.org`,
    password: 'E2e-person-pass-1',
    confirmPassword: 'E2e-person-pass-1',
    role,
    country: 'Ghana',
    isMember: false,
  };
  const response = await request.post('/api/accounts', {
    data: account,
    headers: { authorization: `Bearer ${jwtToken}` },
  });
  if (!response.ok()) throw new Error(`creating a ${role} failed: ${response.status()} ${await response.text()}`);
  return { ...account, id: ((await response.json()) as { id: string }).id };
}

/**
 * Signs the page's browser in as a new account of that role, as a sign-in in an earlier visit would
 * have: the refresh cookie is set and the user remembered, so the app restores the session on load.
 */
export async function signInAs(page: Page, role: Role, person?: Parameters<typeof createAccount>[2]) {
  const account = await createAccount(page.request, role, person);
  const { jwtToken: _, ...user } = await signInThroughApi(page.request, account.email, account.password);
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('e2e-remembered')) {
      localStorage.setItem('user', stored);
      sessionStorage.setItem('e2e-remembered', '1');
    }
  }, JSON.stringify(user));
  return account;
}

/** The Authorization header of an API call made as that account (the end-to-end Super Admin unless told). */
export async function bearerOf(request: APIRequestContext, account: { email: string; password: string } = E2E_ADMIN) {
  const { jwtToken } = await signInThroughApi(request, account.email, account.password);
  return { authorization: `Bearer ${jwtToken}` };
}

/** Fills and sends the Sign In dialog that is open on the page. */
export async function signInThroughDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** The refresh cookie the browser holds now (httpOnly: only the context can read it). */
export async function refreshCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'refreshToken');
  if (!cookie) throw new Error('the browser holds no refresh cookie');
  return cookie.value;
}

/** The status of a refresh sent with that cookie, from outside the browser. */
export async function refreshStatusWith(request: APIRequestContext, refreshToken: string): Promise<number> {
  const response = await request.post('/api/accounts/refresh-token', {
    headers: { cookie: `refreshToken=${refreshToken}` },
  });
  return response.status();
}
