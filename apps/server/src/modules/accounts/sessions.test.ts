import { ACCOUNT_MESSAGES, MESSAGES } from '@portal/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { app, expectNoSecrets, post, refreshWith, registration, useAccountsApp } from '../../../test/accounts.ts';
import { createTestAccount, expectMessage, loginAs, nextAddress, signIn } from '../../../test/app.ts';
import { refreshTokens } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';
import { signAccessToken } from '../../plugins/auth/tokens.ts';

useAccountsApp();

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
    expect(claims).toMatchObject({ sub: account.id, id: account.id });
    expect(claims).not.toHaveProperty('role');
    const cookie = response.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/accounts' });
  });

  it('refuses a wrong password and an unknown address with the same message', async () => {
    const { account } = await createTestAccount(app);
    const wrong = await post('/api/accounts/authenticate', { email: account.email, password: 'Wrong-pass-1' });
    const unknown = await post('/api/accounts/authenticate', { email: 'nobody@example.org', password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(errorBody(ACCOUNT_MESSAGES.wrongCredentials));
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an unverified account with a clear message', async () => {
    const { account, password } = await createTestAccount(app, { verifiedAt: null });
    const response = await post('/api/accounts/authenticate', { email: account.email, password });
    expectMessage(response, 401, ACCOUNT_MESSAGES.notVerified);
  });

  it('refuses a missing password', async () => {
    const response = await post('/api/accounts/authenticate', { email: 'a@example.org' });
    expectMessage(response, 400, ACCOUNT_MESSAGES.passwordRequired);
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
    expectMessage(limited, 429, MESSAGES.tooManyRequests);
  });
});

describe('sign-in under attack', () => {
  const attempt = (email: string, password: string, remoteAddress = nextAddress()) =>
    app.inject({ method: 'POST', url: '/api/accounts/authenticate', payload: { email, password }, remoteAddress });

  it('refuses every other address unread, the right password too, and lets the owner in where they signed in before', async () => {
    const { account, password } = await createTestAccount(app);
    expect((await attempt(account.email, password, '10.77.1.1')).statusCode).toBe(200);
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await attempt(account.email, `Guess-${guess}-pass`, `10.77.0.${guess}`)).statusCode).toBe(401);
    }
    // From a guessing address, and from one never seen: refused before the password is read.
    expect((await attempt(account.email, password, '10.77.0.3')).statusCode).toBe(429);
    expectMessage(await attempt(account.email, password), 429, MESSAGES.tooManyRequests);
    expect((await attempt(account.email, 'Fresh-guess-1')).statusCode).toBe(429);
    const owner = await attempt(account.email, password, '10.77.1.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ id: account.id, jwtToken: expect.any(String) });
  });

  it('refuses guesses at an account that does not exist the same way', async () => {
    const email = `nobody-${Date.now()}@example.org`;
    for (let guess = 0; guess < 10; guess += 1)
      expect((await attempt(email, `Guess-${guess}-pass`)).statusCode).toBe(401);
    expectMessage(await attempt(email, 'Guess-pass-1'), 429, MESSAGES.tooManyRequests);
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
      expectMessage(limited, 429, MESSAGES.tooManyRequests);
      expect((await post(url, body(`other-${key}`))).statusCode).not.toBe(429);
    },
  );
});

describe('POST /api/accounts/refresh-token', () => {
  it('rotates the refresh token and gives a new session', async () => {
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    const response = await refreshWith(refreshToken);
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
    const reuse = await refreshWith(first);
    expectMessage(reuse, 401, ACCOUNT_MESSAGES.sessionExpired);
    const afterTheft = await refreshWith(second);
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
    expect((await refreshWith('x')).statusCode).toBe(401);
    const { account, password } = await createTestAccount(app);
    const { refreshToken } = await signIn(app, account.email, password);
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.accountId, account.id));
    const expired = await refreshWith(refreshToken);
    expect(expired.statusCode).toBe(401);
  });
});

describe('POST /api/accounts/revoke-token', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { refreshToken } = await loginAs(app, 'User');
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/revoke-token',
      cookies: { refreshToken },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');
    const after = await refreshWith(refreshToken);
    expect(after.statusCode).toBe(401);
  });

  it('takes an empty body, {}, {user} or {token}, as clients of the original API send them', async () => {
    const bodies: Partial<InjectOptions>[] = [
      {},
      { payload: '', headers: { 'content-type': 'text/plain' } },
      { payload: {} },
      { payload: { user: { id: 'x' } } },
    ];
    for (const body of bodies) {
      const { refreshToken } = await loginAs(app, 'User');
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/revoke-token',
        cookies: { refreshToken },
        ...body,
      });
      expect(response.statusCode).toBe(200);
      expect((await refreshWith(refreshToken)).statusCode).toBe(401);
    }
    const { refreshToken } = await loginAs(app, 'User');
    const byBody = await app.inject({
      method: 'POST',
      url: '/api/accounts/revoke-token',
      payload: { token: refreshToken },
    });
    expect(byBody.statusCode).toBe(200);
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
  });

  it('ends the session of a token rotated since, with every token its refreshes made', async () => {
    const { refreshToken: first } = await loginAs(app, 'User');
    const second = (await refreshWith(first)).cookies.find((c) => c.name === 'refreshToken')?.value as string;
    await app.inject({ method: 'POST', url: '/api/accounts/revoke-token', cookies: { refreshToken: first } });
    expect((await refreshWith(second)).statusCode).toBe(401);
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
    const notAnId = signAccessToken('not-a-uuid', app.auth.secret, 600);
    for (const token of [notAnId, `${user.token}.extra`, `${user.token}.`]) {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expectMessage(response, 401, MESSAGES.signInRequired);
    }
    expect((await app.inject({ url, headers: user.headers })).statusCode).toBe(200);
  });
});
