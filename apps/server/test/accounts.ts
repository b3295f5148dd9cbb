import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { churches } from '../src/db/schema.ts';
import type { Mail } from '../src/plugins/mail.ts';
import { buildTestApp, nextAddress, type TestApp } from './app.ts';

/**
 * The accounts tests' portal, with its outgoing mail caught: each accounts test file calls
 * useAccountsApp() once, then reads these live bindings.
 */
export let app: TestApp;
/** The mails sent since the test began. */
export let sent: Mail[];
/** Mails handed over and still being put together: some are composed after the answer went out. */
let composing: Promise<void>[];
/** A church for registrations to name. */
export let churchId: string;
/** A front end of another site that the portal's CORS_ORIGINS admits. */
export const FRONT_END = 'https://front.example.org';

export function useAccountsApp() {
  beforeAll(async () => {
    app = await buildTestApp({ CORS_ORIGINS: FRONT_END });
    const [church] = await app.db.insert(churches).values({ name: 'Grace Chapel', country: 'Ghana' }).returning();
    churchId = church?.id as string;
  });
  afterAll(() => app.close());
  beforeEach(() => {
    sent = [];
    composing = [];
    vi.spyOn(app.mail, 'send').mockImplementation((mail) => {
      const handed = Promise.resolve(mail).then((composed) => {
        sent.push(composed);
      });
      composing.push(handed);
      return handed;
    });
  });
}

/** Posts from an address of its own and waits for the mail the answer promised. */
export async function post(url: string, payload?: object, headers?: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
  await Promise.all(composing);
  return response;
}

export const linkToken = (mail: Mail | undefined) => mail?.text.match(/token=([\w-]+)/)?.[1] as string;

/** The address a mail's button opens. */
export const mailedLink = (mail: Mail | undefined) => mail?.text.match(/https?:\/\/\S+/g)?.at(-1);

export const registration = (email: string) => ({
  title: '',
  fullName: 'Ama Mensah Owusu',
  email,
  password: 'Strong-pass-1',
  confirmPassword: 'Strong-pass-1',
  church: churchId,
  country: 'Ghana',
  isMember: true,
  acceptTerms: true,
});

export function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password_?hash|\$argon2|resetToken|refreshToken|tokenHash/i);
}

export const refreshWith = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/accounts/refresh-token', cookies: { refreshToken } });
