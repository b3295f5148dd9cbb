import { ACCOUNT_MESSAGES, MESSAGES } from '@portal/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  createTestAccount,
  loginAs,
  nextAddress,
  signIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../test/app.ts';
import { accounts, accountTokens, churches, downloads, refreshTokens } from '../../db/schema.ts';
import { signAccessToken } from '../../plugins/auth/tokens.ts';
import type { Mail } from '../../plugins/mail.ts';

let app: TestApp;
let sent: Mail[];
/** Mails handed over and still being put together: some are composed after the answer went out. */
let composing: Promise<void>[];
let churchId: string;

beforeAll(async () => {
  app = await buildTestApp();
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

/** Posts from an address of its own and waits for the mail the answer promised. */
async function post(url: string, payload?: object) {
  const response = await app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
  await Promise.all(composing);
  return response;
}

const linkToken = (mail: Mail | undefined) => mail?.text.match(/token=([\w-]+)/)?.[1] as string;

const registration = (email: string) => ({
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

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password_?hash|\$argon2|resetToken|refreshToken|tokenHash/i);
}

describe('POST /api/accounts/register', () => {
  it('takes the original accounts API’s body: no isMember means a visitor, who needs no church', async () => {
    const response = await post('/api/accounts/register', {
      title: 'Mr',
      firstName: 'Kojo',
      lastName: 'Antwi',
      email: 'kojo@example.org',
      password: 'Original-pass-1',
      confirmPassword: 'Original-pass-1',
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(200);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, 'kojo@example.org'));
    expect(account).toMatchObject({ firstName: 'Kojo', lastName: 'Antwi', isMember: false, churchId: null });
  });

  it('creates an unverified account and mails a verification link', async () => {
    const response = await post('/api/accounts/register', registration('  Ama@Example.ORG '));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, 'ama@example.org'));
    expect(account).toMatchObject({
      firstName: 'Ama',
      lastName: 'Mensah Owusu',
      churchId,
      isMember: true,
      verifiedAt: null,
    });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('ama@example.org');
    expect(sent[0]?.text).toContain('http://localhost:4000/account/verify-email?token=');
  });

  it('answers the same for a registered address and warns its owner instead', async () => {
    const response = await post('/api/accounts/register', registration('ama@example.org'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });
    expect(sent[0]?.subject).toMatch(/tried to register/);
    expect(await app.db.select().from(accounts).where(eq(accounts.email, 'ama@example.org'))).toHaveLength(1);
  });

  it('accepts the dialog variant: church NAN, member', async () => {
    const response = await post('/api/accounts/register', { ...registration('kofi@example.org'), church: 'NAN' });
    expect(response.statusCode).toBe(200);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, 'kofi@example.org'));
    expect(account?.churchId).toBeNull();
  });

  it('accepts firstName, lastName and the address of the full register form instead of fullName', async () => {
    const { fullName: _, ...rest } = registration('legacy.client@example.org');
    const response = await post('/api/accounts/register', {
      ...rest,
      firstName: 'Yaw',
      lastName: 'Boateng',
      address: ' 12 Ring Road, Accra ',
    });
    expect(response.statusCode).toBe(200);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, 'legacy.client@example.org'));
    expect(account).toMatchObject({ firstName: 'Yaw', lastName: 'Boateng', address: '12 Ring Road, Accra' });
  });

  it.each([
    ['no e-mail', { email: '' }, ACCOUNT_MESSAGES.emailRequired],
    ['a bad e-mail', { email: 'not-an-address' }, ACCOUNT_MESSAGES.emailInvalid],
    ['no full name', { fullName: '' }, ACCOUNT_MESSAGES.fullNameRequired],
    ['a NUL in the full name', { fullName: 'Ama\u0000Mensah' }, 'fullName: must not contain control characters'],
    ['a short password', { password: 'Ab1', confirmPassword: 'Ab1' }, ACCOUNT_MESSAGES.passwordTooShort],
    ['no confirmation', { confirmPassword: '' }, ACCOUNT_MESSAGES.confirmRequired],
    ['a mismatched confirmation', { confirmPassword: 'Other-pass-1' }, ACCOUNT_MESSAGES.passwordsMustMatch],
    ['a member without church', { church: '' }, ACCOUNT_MESSAGES.churchRequired],
    ['terms not accepted', { acceptTerms: false }, ACCOUNT_MESSAGES.acceptTerms],
    ['an unknown church', { church: '00000000-0000-4000-8000-000000000000' }, ACCOUNT_MESSAGES.churchNotFound],
  ])('refuses %s with its message and creates nothing', async (_case, change, message) => {
    const email = `refused-${Date.now()}@example.org`;
    const response = await post('/api/accounts/register', { ...registration(email), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await app.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0);
  });

  it('accepts real-world addresses with long endings', async () => {
    const response = await post('/api/accounts/register', registration('pastor@grace.church'));
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/accounts/verify-email', () => {
  it('verifies with the mailed token once', async () => {
    await post('/api/accounts/register', registration('verify.me@example.org'));
    const token = linkToken(sent[0]);
    const first = await post('/api/accounts/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: ACCOUNT_MESSAGES.verified });
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, 'verify.me@example.org'));
    expect(account?.verifiedAt).toBeInstanceOf(Date);
    const again = await post('/api/accounts/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.verifyFailed });
  });

  it('refuses forged, expired and missing tokens', async () => {
    expect((await post('/api/accounts/verify-email', { token: 'forged' })).json()).toEqual({
      message: ACCOUNT_MESSAGES.verifyFailed,
    });
    await post('/api/accounts/register', registration('expired@example.org'));
    const token = linkToken(sent[0]);
    await app.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/api/accounts/verify-email', { token })).statusCode).toBe(400);
    const missing = await post('/api/accounts/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: ACCOUNT_MESSAGES.tokenRequired });
  });
});

describe('POST /api/accounts/authenticate', () => {
  it('signs in a verified account: public fields, a 15-minute JWT and an httpOnly strict refresh cookie', async () => {
    const { account, password } = await createTestAccount(app);
    const response = await post('/api/accounts/authenticate', { email: account.email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: account.id, email: account.email, role: 'User', isVerified: true });
    expect(body).not.toHaveProperty('resetToken');
    expectNoSecrets(response.body);
    const claims = JSON.parse(Buffer.from(body.jwtToken.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
    expect(claims).toMatchObject({ sub: account.id, role: 'User' });
    const cookie = response.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/accounts' });
  });

  it('refuses a wrong password and an unknown address with the same message', async () => {
    const { account } = await createTestAccount(app);
    const wrong = await post('/api/accounts/authenticate', { email: account.email, password: 'Wrong-pass-1' });
    const unknown = await post('/api/accounts/authenticate', { email: 'nobody@example.org', password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an unverified account with a clear message', async () => {
    const { account, password } = await createTestAccount(app, { verifiedAt: null });
    const response = await post('/api/accounts/authenticate', { email: account.email, password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.notVerified });
  });

  it('refuses a missing password', async () => {
    const response = await post('/api/accounts/authenticate', { email: 'a@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordRequired });
  });

  it('answers 429 with a message after too many attempts from one address', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/authenticate',
        payload: { email: 'guess@example.org', password: 'Guess-pass-1' },
        remoteAddress: '10.99.0.1',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
  });
});

describe('sign-in under attack', () => {
  const attempt = (email: string, password: string, remoteAddress = nextAddress()) =>
    app.inject({ method: 'POST', url: '/api/accounts/authenticate', payload: { email, password }, remoteAddress });

  it('lets the owner in from an address that has not been failing, while guessing addresses get 429', async () => {
    const { account, password } = await createTestAccount(app);
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await attempt(account.email, `Guess-${guess}-pass`, `10.77.0.${guess}`)).statusCode).toBe(401);
    }
    expect((await attempt(account.email, password, '10.77.0.3')).statusCode).toBe(429);
    expect((await attempt(account.email, 'Fresh-guess-1')).statusCode).toBe(429);
    const owner = await attempt(account.email, password, '10.77.1.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ id: account.id, jwtToken: expect.any(String) });
  });

  it('does not count sign-ins that succeed', async () => {
    const { account, password } = await createTestAccount(app);
    for (let time = 0; time < 12; time += 1) expect((await attempt(account.email, password)).statusCode).toBe(200);
  });
});

describe('per-account rate limits', () => {
  const reset = (token: string) => ({ token, password: 'Guess-pass-1', confirmPassword: 'Guess-pass-1' });
  // AUTH_RATE_LIMIT is 10 a minute; forgot and reset allow half of it.
  it.each([
    ['authenticate', 10, (email: string) => ({ email, password: 'Guess-pass-1' }), 'a@limit.org', ' A@Limit.ORG '],
    ['register', 10, registration, 'b@limit.org', ' B@Limit.ORG '],
    ['forgot-password', 5, (email: string) => ({ email }), 'c@limit.org', ' C@Limit.ORG '],
    ['reset-password', 5, reset, 'forged-token', 'forged-token'],
  ])(
    '%s answers 429 after %i requests for one account from many addresses; others go on',
    async (route, allowed, body, key, sameKey) => {
      const url = `/api/accounts/${route}`;
      const statuses: number[] = [];
      for (let i = 0; i < allowed; i++) statuses.push((await post(url, body(key))).statusCode);
      expect(statuses).not.toContain(429);
      const limited = await post(url, body(sameKey));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
      expect((await post(url, body(`other-${key}`))).statusCode).not.toBe(429);
    },
  );
});

const refreshWith = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/accounts/refresh-token', cookies: { refreshToken } });

describe('POST /api/accounts/refresh-token', () => {
  it('rotates the refresh token and gives a new session', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/refresh-token',
      cookies: { refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, jwtToken: expect.any(String) });
    const next = response.cookies.find((c) => c.name === 'refreshToken')?.value;
    expect(next).toBeTruthy();
    expect(next).not.toBe(refreshToken);
    expectNoSecrets(response.body);
  });

  it('revokes the whole family when a rotated token is used again after the grace window', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken: first } = await signIn(app, account.email, password);
    const rotated = await refreshWith(first);
    const second = rotated.cookies.find((c) => c.name === 'refreshToken')?.value as string;
    await app.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 11_000) })
      .where(and(eq(refreshTokens.accountId, account.id), isNotNull(refreshTokens.revokedAt)));
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/accounts/refresh-token',
      cookies: { refreshToken: first },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionExpired });
    const afterTheft = await app.inject({
      method: 'POST',
      url: '/api/accounts/refresh-token',
      cookies: { refreshToken: second },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('gives both of two refreshes with one cookie at the same moment a session, and both go on working', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    const answers = await Promise.all([refreshWith(refreshToken), refreshWith(refreshToken)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const answer of answers) {
      const next = answer.cookies.find((c) => c.name === 'refreshToken')?.value as string;
      expect((await refreshWith(next)).statusCode).toBe(200);
      const me = await app.inject({
        url: `/api/accounts/${account.id}`,
        headers: { authorization: `Bearer ${answer.json().jwtToken}` },
      });
      expect(me.statusCode).toBe(200);
    }
  });

  it('gives a token rotated a moment ago another of its family, but not once the session is signed out', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken: first } = await signIn(app, account.email, password);
    const second = (await refreshWith(first)).cookies.find((c) => c.name === 'refreshToken')?.value as string;
    const late = await refreshWith(first);
    expect(late.statusCode).toBe(200);
    expect((await refreshWith(second)).statusCode).toBe(200);
    const latest = late.cookies.find((c) => c.name === 'refreshToken')?.value as string;
    await app.inject({ method: 'POST', url: '/api/accounts/revoke-token', cookies: { refreshToken: latest } });
    expect((await refreshWith(first)).statusCode).toBe(401);
    expect((await refreshWith(second)).statusCode).toBe(401);
  });

  it('refuses a missing, forged or expired cookie', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/accounts/refresh-token' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/accounts/refresh-token',
      cookies: { refreshToken: 'x' },
    });
    expect(forged.statusCode).toBe(401);
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.accountId, account.id));
    const expired = await app.inject({ method: 'POST', url: '/api/accounts/refresh-token', cookies: { refreshToken } });
    expect(expired.statusCode).toBe(401);
  });
});

describe('POST /api/accounts/revoke-token', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/revoke-token',
      cookies: { refreshToken },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');
    const after = await app.inject({ method: 'POST', url: '/api/accounts/refresh-token', cookies: { refreshToken } });
    expect(after.statusCode).toBe(401);
  });

  it('takes an empty body, {}, {user} or {token}, as clients of the original API send them', async () => {
    const bodies: ((token: string) => Partial<InjectOptions>)[] = [
      () => ({}),
      () => ({ payload: '', headers: { 'content-type': 'text/plain' } }),
      () => ({ payload: {} }),
      () => ({ payload: { user: { id: 'x' } } }),
    ];
    for (const body of bodies) {
      const { account, password } = await createTestAccount(app);
      const { refreshToken } = await signIn(app, account.email, password);
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/revoke-token',
        cookies: { refreshToken },
        ...body(refreshToken),
      });
      expect(response.statusCode).toBe(200);
      expect((await refreshWith(refreshToken)).statusCode).toBe(401);
    }
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    const byBody = await app.inject({
      method: 'POST',
      url: '/api/accounts/revoke-token',
      payload: { token: refreshToken },
    });
    expect(byBody.statusCode).toBe(200);
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
  });

  it('ends the session of a token rotated since, with every token its refreshes made', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken: first } = await signIn(app, account.email, password);
    const second = (await refreshWith(first)).cookies.find((c) => c.name === 'refreshToken')?.value as string;
    await app.inject({ method: 'POST', url: '/api/accounts/revoke-token', cookies: { refreshToken: first } });
    expect((await refreshWith(second)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('forgot-password answers the same for unknown addresses and mails nothing', async () => {
    const response = await post('/api/accounts/forgot-password', { email: 'nobody@example.org' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetSent });
    expect(sent).toHaveLength(0);
  });

  it('validates, resets once, verifies the account, ends old sessions and mails a notice', async () => {
    const { account, password } = await createTestAccount(app, { verifiedAt: null });
    await app.db.update(accounts).set({ verifiedAt: new Date() }).where(eq(accounts.id, account.id));
    const { refreshToken, token: oldJwt } = await signIn(app, account.email, password);
    await app.db.update(accounts).set({ verifiedAt: null }).where(eq(accounts.id, account.id));

    await post('/api/accounts/forgot-password', { email: account.email });
    const token = linkToken(sent[0]);
    expect(sent[0]?.text).toContain('/account/reset-password?token=');
    expect((await post('/api/accounts/validate-reset-token', { token })).json()).toEqual({
      message: ACCOUNT_MESSAGES.tokenValid,
    });

    const mismatch = await post('/api/accounts/reset-password', {
      token,
      password: 'New-pass-12',
      confirmPassword: 'Other-1234',
    });
    expect(mismatch.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordsMustMatch });
    const reset = await post('/api/accounts/reset-password', {
      token,
      password: 'New-pass-12',
      confirmPassword: 'New-pass-12',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
    expect(sent.at(-1)?.subject).toBe('Your password was changed');

    await signIn(app, account.email, 'New-pass-12');
    const reused = await post('/api/accounts/reset-password', {
      token,
      password: 'Third-pass-1',
      confirmPassword: 'Third-pass-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: ACCOUNT_MESSAGES.tokenInvalid });
    const oldSession = await app.inject({
      method: 'POST',
      url: '/api/accounts/refresh-token',
      cookies: { refreshToken },
    });
    expect(oldSession.statusCode).toBe(401);
    const oldAccess = await app.inject({
      method: 'GET',
      url: `/api/accounts/getById/${account.id}`,
      headers: { authorization: `Bearer ${oldJwt}` },
    });
    expect(oldAccess.statusCode).toBe(401);
  });

  it('refuses forged and expired reset tokens', async () => {
    expect((await post('/api/accounts/validate-reset-token', { token: 'forged' })).json()).toEqual({
      message: ACCOUNT_MESSAGES.tokenInvalid,
    });
    const { account } = await createTestAccount(app);
    await post('/api/accounts/forgot-password', { email: account.email });
    const token = linkToken(sent[0]);
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.accountId, account.id));
    expect((await post('/api/accounts/validate-reset-token', { token })).statusCode).toBe(400);
  });

  it('a reset retires the other reset links of the account, not those of others', async () => {
    const { account } = await createTestAccount(app);
    const other = await createTestAccount(app);
    await post('/api/accounts/forgot-password', { email: account.email });
    await post('/api/accounts/forgot-password', { email: account.email });
    await post('/api/accounts/forgot-password', { email: other.account.email });
    const [older, newer, others] = sent.map(linkToken);
    const reset = await post('/api/accounts/reset-password', {
      token: newer,
      password: 'New-pass-12',
      confirmPassword: 'New-pass-12',
    });
    expect(reset.statusCode).toBe(200);
    const stale = await post('/api/accounts/reset-password', {
      token: older,
      password: 'Other-pass-12',
      confirmPassword: 'Other-pass-12',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: ACCOUNT_MESSAGES.tokenInvalid });
    expect((await post('/api/accounts/validate-reset-token', { token: others })).statusCode).toBe(200);
  });

  it('a password changed on the profile retires the reset links mailed before', async () => {
    const user = await loginAs(app, 'User');
    await post('/api/accounts/forgot-password', { email: user.account.email });
    const [token] = sent.map(linkToken);
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${user.account.id}`,
      headers: user.headers,
      payload: { password: 'Changed-pass-2', confirmPassword: 'Changed-pass-2', currentPassword: user.password },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await post('/api/accounts/validate-reset-token', { token });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: ACCOUNT_MESSAGES.tokenInvalid });
  });

  it('forgot-password refuses a missing or malformed e-mail with its message', async () => {
    const missing = await post('/api/accounts/forgot-password', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: ACCOUNT_MESSAGES.emailRequired });
    const malformed = await post('/api/accounts/forgot-password', { email: 'not-an-address' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: ACCOUNT_MESSAGES.emailInvalid });
  });

  it('reset-password refuses a too short password with its message', async () => {
    const response = await post('/api/accounts/reset-password', {
      token: 'any-token',
      password: 'Ab1',
      confirmPassword: 'Ab1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordTooShort });
  });

  it('register and forgot-password answer before their mail has gone out', async () => {
    const held: (() => void)[] = [];
    vi.mocked(app.mail.send).mockImplementation(() => new Promise<void>((resolve) => held.push(resolve)));
    const { account } = await createTestAccount(app);
    expect((await post('/api/accounts/register', registration(account.email))).statusCode).toBe(200);
    expect((await post('/api/accounts/forgot-password', { email: account.email })).statusCode).toBe(200);
    expect(held).toHaveLength(2);
    for (const release of held) release();
  });

  it('a verification token is not a reset token', async () => {
    await post('/api/accounts/register', registration('cross.use@example.org'));
    const token = linkToken(sent[0]);
    expect((await post('/api/accounts/validate-reset-token', { token })).statusCode).toBe(400);
  });
});

describe('GET /api/accounts/getAll and GET /api/accounts', () => {
  it('lists accounts for admins without secrets', async () => {
    const admin = await loginAs(app, 'Admin');
    for (const url of ['/api/accounts/getAll', '/api/accounts']) {
      const response = await app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().some((a: { email: string }) => a.email === TEST_ADMIN.email)).toBe(true);
      expectNoSecrets(response.body);
    }
  });

  it('is closed to users (403) and visitors (401)', async () => {
    const user = await loginAs(app, 'User');
    expect((await app.inject({ method: 'GET', url: '/api/accounts/getAll', headers: user.headers })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: '/api/accounts/getAll' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/accounts/getAll',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /api/accounts/getById/:id', () => {
  it('a user reads self but not another user', async () => {
    const user = await loginAs(app, 'User');
    const other = await createTestAccount(app);
    const self = await app.inject({
      method: 'GET',
      url: `/api/accounts/getById/${user.account.id}`,
      headers: user.headers,
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: user.account.id });
    const theirs = await app.inject({ method: 'GET', url: `/api/accounts/${other.account.id}`, headers: user.headers });
    expect(theirs.statusCode).toBe(403);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const admin = await loginAs(app, 'Admin');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      const response = await app.inject({ method: 'GET', url: `/api/accounts/getById/${id}`, headers: admin.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.accountNotFound });
    }
  });
});

describe('caching', () => {
  it('asks that no answer carrying a token or personal data be stored', async () => {
    const user = await loginAs(app, 'User');
    const answers = [
      await post('/api/accounts/authenticate', { email: user.account.email, password: user.password }),
      await refreshWith(user.refreshToken),
      await app.inject({ url: `/api/accounts/${user.account.id}`, headers: user.headers }),
      await app.inject({ method: 'PUT', url: `/api/accounts/${user.account.id}`, headers: user.headers, payload: {} }),
      await post('/api/accounts/authenticate', { email: user.account.email, password: 'wrong-password' }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('access tokens', () => {
  it('refuses a token signed with the real secret that names no possible account, or has a fourth part', async () => {
    const user = await loginAs(app, 'User');
    const url = `/api/accounts/${user.account.id}`;
    const notAnId = signAccessToken({ sub: 'not-a-uuid', role: 'Super Admin' }, app.auth.secret, 600);
    for (const token of [notAnId, `${user.token}.extra`, `${user.token}.`]) {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
    }
    expect((await app.inject({ url, headers: user.headers })).statusCode).toBe(200);
  });
});

describe('PUT /api/accounts/updateUser/:id', () => {
  it('a user updates own names and keeps the session when changing the password', async () => {
    const user = await loginAs(app, 'User');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${user.account.id}`,
      headers: user.headers,
      payload: {
        title: 'Mrs',
        firstName: 'Efua',
        lastName: 'Asante',
        password: 'Changed-pass-1',
        confirmPassword: 'Changed-pass-1',
        currentPassword: user.password,
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ title: 'Mrs', firstName: 'Efua', lastName: 'Asante', fullName: 'Efua Asante' });
    expect(body.jwtToken).toEqual(expect.any(String));
    expectNoSecrets(response.body);
    const withNew = await app.inject({
      method: 'GET',
      url: `/api/accounts/getById/${user.account.id}`,
      headers: { authorization: `Bearer ${body.jwtToken}` },
    });
    expect(withNew.statusCode).toBe(200);
    await signIn(app, user.account.email, 'Changed-pass-1');
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[user.account.email, 'Your password was changed']]);
  });

  it('asks for the current password before changing one’s own password or e-mail, and changes nothing without it', async () => {
    const admin = await loginAs(app, 'Admin');
    const url = `/api/accounts/updateUser/${admin.account.id}`;
    const change = { password: 'Taken-over-1', confirmPassword: 'Taken-over-1' };
    const cases: [object, string][] = [
      [change, ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ ...change, currentPassword: 'wrong-guess' }, ACCOUNT_MESSAGES.currentPasswordWrong],
      [{ email: 'thief@example.org' }, ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ email: 'thief@example.org', currentPassword: '' }, ACCOUNT_MESSAGES.currentPasswordRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({ method: 'PUT', url, headers: admin.headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    await signIn(app, admin.account.email, admin.password);
    const moved = await app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { email: 'moved.admin@example.org', currentPassword: admin.password },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe('moved.admin@example.org');
  });

  it('limits guesses of the current password like sign-in attempts', async () => {
    const user = await loginAs(app, 'User');
    const guess = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/accounts/updateUser/${user.account.id}`,
        headers: user.headers,
        payload: { password: 'Guessed-pass-1', confirmPassword: 'Guessed-pass-1', currentPassword },
        remoteAddress: nextAddress(),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await guess(`guess-${attempt}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const names = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${user.account.id}`,
      headers: user.headers,
      payload: { firstName: 'Still' },
    });
    expect(names.statusCode).toBe(200);
  });

  it('answers PUT /api/accounts/:id, the original API’s path, the same way', async () => {
    const user = await loginAs(app, 'User');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/accounts/${user.account.id}`,
      headers: user.headers,
      payload: { firstName: 'Original', password: 'Original-pass-1', confirmPassword: 'Original-pass-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordRequired });
    const named = await app.inject({
      method: 'PUT',
      url: `/api/accounts/${user.account.id}`,
      headers: user.headers,
      payload: { firstName: 'Original' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ id: user.account.id, firstName: 'Original' });
  });

  it('answers an unchanged profile, or one of unknown fields only, with the account as it is', async () => {
    const user = await loginAs(app, 'User');
    for (const payload of [{}, { nickname: 'Ama' }]) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/accounts/updateUser/${user.account.id}`,
        headers: user.headers,
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.account.id, email: user.account.email });
    }
  });

  it('mails the account’s owner when an admin changes its password, and nobody for other changes', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    const url = `/api/accounts/updateUser/${target.account.id}`;
    const named = await app.inject({ method: 'PUT', url, headers: admin.headers, payload: { firstName: 'Abena' } });
    expect(named.statusCode).toBe(200);
    expect(sent).toHaveLength(0);
    const changed = await app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { password: 'Admin-set-pass-1', confirmPassword: 'Admin-set-pass-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[target.account.email, 'Your password was changed']]);
    expect(sent[0]?.text).toContain('Hello Abena');
  });

  it('a user can not change own role, verified flag or e-mail, nor another account', async () => {
    const user = await loginAs(app, 'User');
    const other = await createTestAccount(app);
    const url = `/api/accounts/updateUser/${user.account.id}`;
    for (const payload of [{ role: 'Admin' }, { isVerified: false }, { email: 'new@example.org' }]) {
      const response = await app.inject({ method: 'PUT', url, headers: user.headers, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.ownRoleLocked });
    }
    const [unchanged] = await app.db.select().from(accounts).where(eq(accounts.id, user.account.id));
    expect(unchanged?.role).toBe('User');
    const theirs = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${other.account.id}`,
      headers: user.headers,
      payload: { firstName: 'Hacked' },
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('validates: names, e-mail, short password, confirmation', async () => {
    const user = await loginAs(app, 'User');
    const url = `/api/accounts/updateUser/${user.account.id}`;
    const cases: [object, string][] = [
      [{ firstName: '' }, ACCOUNT_MESSAGES.firstNameRequired],
      [{ firstName: 'Ama\u0000' }, 'firstName: must not contain control characters'],
      [{ address: '12 Ring Road\u0000' }, 'address: must not contain control characters'],
      [{ password: 'short', confirmPassword: 'short' }, ACCOUNT_MESSAGES.passwordTooShort],
      [{ password: 'Long-enough-1' }, ACCOUNT_MESSAGES.confirmRequired],
      [{ password: 'Long-enough-1', confirmPassword: 'Long-enough-2' }, ACCOUNT_MESSAGES.passwordsMustMatch],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({ method: 'PUT', url, headers: user.headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('an admin changes a user role and verified flag, but can not touch or create a Super Admin', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    const promoted = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${target.account.id}`,
      headers: admin.headers,
      payload: { role: 'Admin', isVerified: false },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'Admin', isVerified: false });
    const grant = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${target.account.id}`,
      headers: admin.headers,
      payload: { role: 'Super Admin' },
    });
    expect(grant.statusCode).toBe(403);
    const [superAdmin] = await app.db.select().from(accounts).where(eq(accounts.email, TEST_ADMIN.email));
    const touch = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${superAdmin?.id}`,
      headers: admin.headers,
      payload: { firstName: 'Demoted' },
    });
    expect(touch.statusCode).toBe(403);
    expect(touch.json()).toEqual({ message: ACCOUNT_MESSAGES.superAdminOnly });
  });

  it('refuses an e-mail that another account has', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    const other = await createTestAccount(app);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${target.account.id}`,
      headers: admin.headers,
      payload: { email: other.account.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.emailTaken });
  });
});

describe('POST /api/accounts', () => {
  const newAccount = (email: string, role = 'User') => ({
    title: 'Pastor',
    firstName: 'Kwame',
    lastName: 'Nkrumah',
    email,
    password: 'Created-pass-1',
    confirmPassword: 'Created-pass-1',
    role,
    church: churchId,
  });

  it('an admin creates a verified account that can sign in', async () => {
    const admin = await loginAs(app, 'Admin');
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: admin.headers,
      payload: newAccount('made@example.org'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'made@example.org', churchName: 'Grace Chapel', isVerified: true });
    await signIn(app, 'made@example.org', 'Created-pass-1');
  });

  it('an admin can not create a Super Admin; a Super Admin can', async () => {
    const admin = await loginAs(app, 'Admin');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: admin.headers,
      payload: newAccount('boss@example.org', 'Super Admin'),
    });
    expect(refused.statusCode).toBe(403);
    const superAdmin = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${superAdmin.token}` },
      payload: newAccount('boss@example.org', 'Super Admin'),
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('refuses users, duplicates and missing names', async () => {
    const user = await loginAs(app, 'User');
    const admin = await loginAs(app, 'Admin');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/accounts',
          headers: user.headers,
          payload: newAccount('u@example.org'),
        })
      ).statusCode,
    ).toBe(403);
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: admin.headers,
      payload: newAccount(TEST_ADMIN.email),
    });
    expect(duplicate.statusCode).toBe(409);
    const nameless = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: admin.headers,
      payload: { ...newAccount('nameless@example.org'), lastName: '' },
    });
    expect(nameless.json()).toEqual({ message: ACCOUNT_MESSAGES.lastNameRequired });
  });
});

describe('accounts written at the same moment', () => {
  it('six creations of one e-mail at once: one 201, the others 409', async () => {
    const admin = await loginAs(app, 'Admin');
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: admin.headers,
        payload: {
          firstName: 'Same',
          lastName: 'Time',
          email: 'same.time@example.org',
          password: 'Same-time-1',
          confirmPassword: 'Same-time-1',
        },
      });
    const answers = await Promise.all(Array.from({ length: 6 }, create));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.emailTaken });
    }
  });

  it('four accounts moved to one e-mail at once: one 200, the others 409', async () => {
    const admin = await loginAs(app, 'Admin');
    const targets = await Promise.all(Array.from({ length: 4 }, () => createTestAccount(app)));
    const answers = await Promise.all(
      targets.map(({ account }) =>
        app.inject({
          method: 'PUT',
          url: `/api/accounts/updateUser/${account.id}`,
          headers: admin.headers,
          payload: { email: 'moved.together@example.org' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});

describe('DELETE /api/accounts/:id', () => {
  it('an admin deletes a user; its sessions end', async () => {
    const admin = await loginAs(app, 'Admin');
    const user = await loginAs(app, 'User');
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/accounts/${user.account.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: `/api/accounts/getById/${user.account.id}`,
      headers: user.headers,
    });
    expect(after.statusCode).toBe(401);
  });

  it('an admin can not delete a Super Admin, and the last Super Admin stays', async () => {
    const admin = await loginAs(app, 'Admin');
    const superAdmins = await app.db.select().from(accounts).where(eq(accounts.role, 'Super Admin'));
    const target = superAdmins[0]?.id as string;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/accounts/${target}`, headers: admin.headers })).statusCode,
    ).toBe(403);
    const only = await loginAs(app, 'Super Admin');
    await app.db
      .delete(accounts)
      .where(eq(accounts.role, 'Super Admin'))
      .then(async () => {
        await app.db.insert(accounts).values({ ...only.account });
      });
    const last = await app.inject({ method: 'DELETE', url: `/api/accounts/${only.account.id}`, headers: only.headers });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: ACCOUNT_MESSAGES.lastSuperAdmin });
  });

  it('a user can not delete another account', async () => {
    const user = await loginAs(app, 'User');
    const other = await createTestAccount(app);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/accounts/${other.account.id}`, headers: user.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('a user deletes their own account with its password: sessions end, downloads stay without the person', async () => {
    const user = await loginAs(app, 'User');
    await app.db.insert(downloads).values({
      accountId: user.account.id,
      bookName: 'Deleted-person book',
      languageName: 'English',
      month: 3,
      year: 2025,
    });
    const url = `/api/accounts/${user.account.id}`;
    const wrong = await app.inject({
      method: 'DELETE',
      url,
      headers: user.headers,
      payload: { currentPassword: 'not-mine' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    const response = await app.inject({
      method: 'DELETE',
      url,
      headers: user.headers,
      cookies: { refreshToken: user.refreshToken },
      payload: { currentPassword: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(response.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');
    expect((await refreshWith(user.refreshToken)).statusCode).toBe(401);
    expect((await app.inject({ url, headers: user.headers })).statusCode).toBe(401);
    const kept = await app.db.select().from(downloads).where(eq(downloads.bookName, 'Deleted-person book'));
    expect(kept.map((row) => row.accountId)).toEqual([null]);
  });

  it('deletes one’s own account without a body, as clients of the original API do', async () => {
    const user = await loginAs(app, 'User');
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/accounts/${user.account.id}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await app.db.select().from(accounts).where(eq(accounts.id, user.account.id))).toEqual([]);
  });
});
