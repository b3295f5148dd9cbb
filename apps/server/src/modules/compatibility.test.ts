import { readFileSync } from 'node:fs';
import { ROLES } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  app,
  FRONT_END,
  linkToken,
  mailedLink,
  post,
  refreshWith,
  registration,
  sent,
  useAccountsApp,
} from '../../test/accounts.ts';
import { createTestAccount, loginAs, nextAddress, signIn, TEST_ADMIN } from '../../test/app.ts';
import { uploadEdition } from '../../test/files.ts';
import { accounts, churches, languages, refreshTokens } from '../db/schema.ts';
import { hashOpaqueToken } from '../plugins/auth/tokens.ts';

useAccountsApp();

/** One row of the table in docs/compatibility.md. */
interface Row {
  what: string;
  original: string;
  here: string;
  why: string;
}

/** The table of docs/compatibility.md, row by row, as it is written. */
function readTable(): Row[] {
  const text = readFileSync(new URL('../../../../docs/compatibility.md', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what |') && !line.startsWith('| ---'))
    .map((line) => {
      const [what = '', original = '', here = '', why = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { what, original, here, why };
    });
}

/** What a cell quotes: its messages, values and names, in order. */
const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
/** The HTTP statuses a cell names, in order. */
const statuses = (cell: string) => [...cell.matchAll(/\b([1-5]\d\d)\b/g)].map((match) => Number(match[1]));
/** The first number a cell says after `before`. */
const numberAfter = (cell: string, before: string) =>
  Number(new RegExp(`${before}\\D*(\\d+)`).exec(cell)?.[1] ?? Number.NaN);

const answer = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  message: response.json().message as string,
});

let addresses = 0;
const newAddress = (label: string) => {
  addresses += 1;
  return `${label}.${addresses}.${Date.now()}@example.org`;
};

/** The body of the original API's register: no isMember, church or locale. */
const originalRegistration = (email: string) => ({
  title: 'Mr',
  firstName: 'Kwame',
  lastName: 'Boateng',
  email,
  password: 'Original-pass-1',
  confirmPassword: 'Original-pass-1',
  acceptTerms: true,
});

/** The body of the original API's POST /accounts. */
const originalCreation = (email: string) => ({
  title: 'Mrs',
  firstName: 'Abena',
  lastName: 'Owusu',
  email,
  password: 'Created-pass-1',
  confirmPassword: 'Created-pass-1',
  role: 'User',
});

/** Registers, verifies the address with the mailed link, and signs in. */
async function registerAndSignIn(body: ReturnType<typeof originalRegistration> & { locale: string }) {
  await post('/api/accounts/register', body);
  await post('/api/accounts/verify-email', { token: linkToken(sent.at(-1)) });
  return signIn(app, body.email, body.password);
}

/** A church with `members` accounts in it. */
async function churchWith(members: number) {
  const [church] = await app.db
    .insert(churches)
    .values({ name: `Church ${newAddress('c')}`, country: 'Kenya' })
    .returning();
  const id = church?.id as string;
  for (let n = 0; n < members; n++) await createTestAccount(app, { churchId: id });
  return id;
}

/** An edition of this month, uploaded by `admin`: its id. */
async function uploadThisMonth(admin: Awaited<ReturnType<typeof loginAs>>, book: string) {
  await app.db.insert(languages).values({ name: 'English' }).onConflictDoNothing();
  const now = new Date();
  const fields = {
    book,
    language: 'English',
    year: String(now.getUTCFullYear()),
    month: String(now.getUTCMonth() + 1),
  };
  const uploaded = await uploadEdition(app, admin.headers, fields);
  expect(uploaded.statusCode).toBe(201);
  return uploaded.json().id as string;
}

/** Each row's check: the original's request, and the answer the row's "here" gives. */
const checks: Record<string, (row: Row) => Promise<void>> = {
  'highest role': async (row) => {
    const [highest, ...below] = spans(row.here);
    expect([...ROLES]).toEqual([highest, ...below.slice(0, 2)]);
    expect((await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password)).body.role).toBe(highest);
  },

  'the first account registered': async (row) => {
    const [role, firstStart] = spans(row.here);
    const email = newAddress('first');
    await post('/api/accounts/register', originalRegistration(email));
    const [registered] = await app.db.select().from(accounts).where(eq(accounts.email, email));
    expect(registered?.role).toBe(role);
    const [first] = await app.db.select().from(accounts).orderBy(asc(accounts.createdAt)).limit(1);
    expect(first?.role).toBe(firstStart);
  },

  'password length': async (row) => {
    const least = numberAfter(row.here, 'at least');
    const register = (length: number) => {
      const password = 'Aa1'.padEnd(length, 'x');
      return post('/api/accounts/register', {
        ...originalRegistration(newAddress('length')),
        password,
        confirmPassword: password,
      });
    };
    expect((await register(least - 1)).statusCode).toBe(400);
    expect((await register(least)).statusCode).toBe(200);
  },

  'wrong e-mail or password at `authenticate`': async (row) => {
    const { account } = await createTestAccount(app);
    const wrong = await post('/api/accounts/authenticate', { email: account.email, password: 'Wrong-pass-1' });
    const unknown = await post('/api/accounts/authenticate', { email: newAddress('nobody'), password: 'Wrong-pass-1' });
    const expected = { status: statuses(row.here)[0], message: spans(row.here)[0] };
    expect([answer(wrong), answer(unknown)]).toEqual([expected, expected]);
  },

  'unverified account at `authenticate`': async (row) => {
    const { account, password } = await createTestAccount(app, { verifiedAt: null });
    const response = await post('/api/accounts/authenticate', { email: account.email, password });
    expect(answer(response)).toEqual({ status: statuses(row.here)[0], message: spans(row.here)[0] });
  },

  '`POST /accounts` (admin creates)': async (row) => {
    const admin = await loginAs(app, 'Admin');
    const email = newAddress('created');
    const response = await admin.request('POST', '/api/accounts', originalCreation(email));
    expect(response.statusCode).toBe(statuses(row.here)[0]);
    expect(response.json()).toMatchObject({ email, firstName: 'Abena', role: 'User', isVerified: true });
  },

  'e-mail already taken at `POST /accounts` or an update': async (row) => {
    const admin = await loginAs(app, 'Admin');
    const { account: owner } = await createTestAccount(app);
    const { account: other } = await createTestAccount(app);
    const [registered, taken] = spans(row.original).map((words) => words.replace('…', owner.email));
    const created = await admin.request('POST', '/api/accounts', originalCreation(owner.email));
    const updated = await admin.request('PUT', `/api/accounts/${other.id}`, { email: owner.email });
    const [status] = statuses(row.here);
    expect([answer(created), answer(updated)]).toEqual([
      { status, message: registered },
      { status, message: taken },
    ]);
  },

  'register with a taken e-mail': async (row) => {
    const { account } = await createTestAccount(app);
    const fresh = await post('/api/accounts/register', originalRegistration(newAddress('fresh')));
    const taken = await post('/api/accounts/register', originalRegistration(account.email));
    expect(taken.statusCode).toBe(statuses(row.here)[0]);
    expect(taken.json()).toEqual(fresh.json());
    const [page] = spans(row.here);
    const link = mailedLink(sent.find((mail) => mail.to === account.email));
    expect(link).toContain((page as string).replace('…', linkToken(sent.at(-1))));
  },

  '`isMember`, `church`, `country`, `address`, `fullName`': async () => {
    const email = newAddress('visitor');
    expect((await post('/api/accounts/register', originalRegistration(email))).statusCode).toBe(200);
    const [registered] = await app.db.select().from(accounts).where(eq(accounts.email, email));
    expect(registered).toMatchObject({ isMember: false, churchId: null });
    const admin = await loginAs(app, 'Admin');
    const created = await admin.request('POST', '/api/accounts', originalCreation(newAddress('visitor')));
    expect(created.json()).toMatchObject({ isMember: false, church: null });
  },

  titles: async (row) => {
    const longest = numberAfter(row.here, 'up to');
    const admin = await loginAs(app, 'Admin');
    const create = (title: string) =>
      admin.request('POST', '/api/accounts', { ...originalCreation(newAddress('titled')), title });
    expect((await create('Dr')).json().title).toBe('Dr');
    expect((await create('x'.repeat(longest))).statusCode).toBe(201);
    expect((await create('x'.repeat(longest + 1))).statusCode).toBe(400);
    const { title: _, ...untitled } = { ...registration(newAddress('untitled')), isMember: false };
    expect((await post('/api/accounts/register', untitled)).statusCode).toBe(200);
    const none = JSON.parse(spans(row.here).at(-1) as string);
    expect((await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password)).body.title).toBe(none);
  },

  'changing your own password': async (row) => {
    const user = await loginAs(app, 'User');
    const url = `/api/accounts/${user.account.id}`;
    const change = { password: 'Brand-new-pass-1', confirmPassword: 'Brand-new-pass-1' };
    const [, missing, wrong] = spans(row.here);
    const [status] = statuses(row.here);
    expect(answer(await user.request('PUT', url, change))).toEqual({ status, message: missing });
    const guessed = await user.request('PUT', url, { ...change, currentPassword: 'Not-the-pass-1' });
    expect(answer(guessed)).toEqual({ status, message: wrong });
    expect((await user.request('PUT', url, { ...change, currentPassword: user.password })).statusCode).toBe(200);
  },

  'changing your own e-mail': async (row) => {
    // An Admin stands for both admin roles: this file makes no Super Admin, so that the seeded one stays the last.
    const admin = await loginAs(app, 'Admin');
    const url = `/api/accounts/${admin.account.id}`;
    const email = newAddress('moved');
    expect((await admin.request('PUT', url, { email })).statusCode).toBe(400);
    expect((await admin.request('PUT', url, { email, currentPassword: admin.password })).json().email).toBe(email);
    const user = await loginAs(app, 'User');
    const refused = await user.request('PUT', `/api/accounts/${user.account.id}`, {
      email: newAddress('moved'),
      currentPassword: user.password,
    });
    expect(answer(refused)).toEqual({ status: statuses(row.here)[0], message: spans(row.here)[1] });
  },

  'deleting your own account': async (row) => {
    const [missing, last] = [spans(row.here)[1], spans(row.here).at(-1)];
    const [status, lastStatus] = statuses(row.here);
    const user = await loginAs(app, 'User');
    const url = `/api/accounts/${user.account.id}`;
    expect(answer(await user.request('DELETE', url))).toEqual({ status, message: missing });
    const fromFrontEnd = await app.inject({ method: 'DELETE', url, headers: { ...user.headers, origin: FRONT_END } });
    expect(fromFrontEnd.statusCode).toBe(200);
    const superAdmin = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const lastOne = await app.inject({
      method: 'DELETE',
      url: `/api/accounts/${superAdmin.body.id}`,
      headers: { authorization: `Bearer ${superAdmin.token}`, origin: FRONT_END },
    });
    expect(answer(lastOne)).toEqual({ status: lastStatus, message: last });
  },

  'a refresh token used a second time': async (row) => {
    const grace = numberAfter(row.here, 'REFRESH_REUSE_GRACE_SECONDS');
    expect(app.config.refreshReuseGraceSeconds).toBe(grace);
    const user = await loginAs(app, 'User');
    expect((await refreshWith(user.refreshToken)).statusCode).toBe(200);
    const again = await refreshWith(user.refreshToken);
    expect(again.statusCode).toBe(200);
    await app.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - (grace + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(user.refreshToken)));
    const late = await refreshWith(user.refreshToken);
    expect(answer(late)).toEqual({ status: statuses(row.here)[0], message: spans(row.here)[1] });
    const newest = again.cookies.find((cookie) => cookie.name === 'refreshToken')?.value as string;
    expect((await refreshWith(newest)).statusCode).toBe(statuses(row.here)[0]);
  },

  'expired or unknown refresh token': async (row) => {
    const user = await loginAs(app, 'User');
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(user.refreshToken)));
    const expected = { status: statuses(row.here)[0], message: spans(row.here)[0] };
    expect([answer(await refreshWith(user.refreshToken)), answer(await refreshWith('no-such-token'))]).toEqual([
      expected,
      expected,
    ]);
  },

  'a verification token used a second time (or expired after a password reset verified the address)': async (row) => {
    await post('/api/accounts/register', originalRegistration(newAddress('twice')));
    const token = linkToken(sent.at(-1));
    expect((await post('/api/accounts/verify-email', { token })).statusCode).toBe(200);
    const again = await post('/api/accounts/verify-email', { token });
    expect(answer(again)).toEqual({ status: statuses(row.here)[0], message: spans(row.here)[0] });
  },

  '`revoke-token`': async (row) => {
    const [, required, signedOut] = spans(row.here);
    const [refused, done] = statuses(row.here);
    expect(answer(await post('/api/accounts/revoke-token', {}))).toEqual({ status: refused, message: required });
    const unknown = await post('/api/accounts/revoke-token', { token: 'no-such-token' });
    expect(answer(unknown)).toEqual({ status: done, message: signedOut });
    const user = await loginAs(app, 'User');
    const byCookie = await app.inject({
      method: 'POST',
      url: '/api/accounts/revoke-token',
      cookies: { refreshToken: user.refreshToken },
    });
    expect(answer(byCookie)).toEqual({ status: done, message: signedOut });
    expect((await refreshWith(user.refreshToken)).statusCode).toBe(401);
  },

  'rate limits': async (row) => {
    const allowed = numberAfter(row.here, 'AUTH_RATE_LIMIT');
    const { account } = await createTestAccount(app);
    const remoteAddress = nextAddress();
    const guess = () =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/authenticate',
        payload: { email: account.email, password: 'Wrong-pass-1' },
        remoteAddress,
      });
    for (let n = 0; n < allowed; n++) expect((await guess()).statusCode).toBe(401);
    expect(answer(await guess())).toEqual({ status: statuses(row.here)[0], message: spans(row.here).at(-1) });
  },

  'deleting a church that accounts belong to (`DELETE /api/church/delete/:id`)': async (row) => {
    const admin = await loginAs(app, 'Admin');
    const id = await churchWith(numberAfter(row.here, 'has'));
    const response = await admin.request('DELETE', `/api/church/delete/${id}`);
    expect(answer(response)).toEqual({ status: statuses(row.here)[0], message: spans(row.here)[0] });
    expect(await app.db.select().from(churches).where(eq(churches.id, id))).toHaveLength(1);
  },

  'download statistics (`/api/transaction/getcountDownloadByDateRange`, `summary`, `getAllDownloadByBookType`, `getAllDownloads`, `getDownloadsByDateRange`)':
    async () => {
      const admin = await loginAs(app, 'Admin');
      const member = await loginAs(app, 'User');
      const fileId = await uploadThisMonth(admin, 'Teevo');
      for (const reader of [member, admin]) {
        const link = await reader.request('GET', `/api/files/download-link/${fileId}`);
        expect((await app.inject({ url: link.json().url })).statusCode).toBe(200);
      }
      const roles = async (query: string) => {
        const response = await admin.request('GET', `/api/transaction/getAllDownloads?rows=100${query}`);
        return response.json().items.map((item: { role: string }) => item.role);
      };
      expect(await roles('')).toEqual(['User']);
      expect((await roles('&includeStaff=true')).sort()).toEqual(['Admin', 'User']);
    },

  'success messages': async (row) => {
    const admin = await loginAs(app, 'Admin');
    const fileId = await uploadThisMonth(admin, 'Take5');
    const [language] = await app.db
      .insert(languages)
      .values({ name: `Ewe ${addresses}` })
      .returning();
    const user = await loginAs(app, 'User');
    const email = newAddress('welcome');
    const registered = await post('/api/accounts/register', originalRegistration(email));
    const verified = await post('/api/accounts/verify-email', { token: linkToken(sent.at(-1)) });
    const resetSent = await post('/api/accounts/forgot-password', { email });
    const token = linkToken(sent.at(-1));
    const password = 'Reset-pass-12';
    const answers = [
      await admin.request('DELETE', `/api/file/delete/${fileId}`),
      await admin.request('DELETE', `/api/languages/${language?.id}`),
      await admin.request('DELETE', `/api/church/delete/${await churchWith(0)}`),
      await admin.request('DELETE', `/api/accounts/${user.account.id}`),
      registered,
      verified,
      resetSent,
      await post('/api/accounts/validate-reset-token', { token }),
      await post('/api/accounts/reset-password', { token, password, confirmPassword: password }),
      await post('/api/accounts/revoke-token', { token: (await signIn(app, email, password)).refreshToken }),
    ];
    expect(answers.map(answer)).toEqual(spans(row.here).map((message) => ({ status: 200, message })));
  },

  'refusals the original made too': async (row) => {
    const admin = await loginAs(app, 'Admin');
    const { account } = await createTestAccount(app);
    const answers = [
      await post('/api/accounts/authenticate', { email: account.email, password: 'Wrong-pass-1' }),
      await refreshWith('no-such-token'),
      await post('/api/accounts/revoke-token', {}),
      await post('/api/accounts/verify-email', { token: 'forged' }),
      await admin.request('GET', '/api/accounts/00000000-0000-4000-8000-000000000000'),
      await app.inject({ url: '/api/accounts' }),
    ];
    expect(answers.map((response) => response.json().message)).toEqual(spans(row.original));
    for (const response of answers) expect(response.json().code).toEqual(expect.any(String));
    expect((await post('/api/accounts/validate-reset-token', { token: 'forged' })).json().message).toBe(
      'Invalid token',
    );
  },

  "a request the caller's role does not allow": async (row) => {
    const user = await loginAs(app, 'User');
    const admin = await loginAs(app, 'Admin');
    const expected = { status: statuses(row.here)[0], message: spans(row.here)[0] };
    expect(answer(await user.request('GET', '/api/accounts'))).toEqual(expected);
    expect(answer(await user.request('GET', `/api/accounts/${admin.account.id}`))).toEqual(expected);
  },

  errors: async (row) => {
    const [, , code, , params, validation] = spans(row.here);
    const admin = await loginAs(app, 'Admin');
    const { account } = await createTestAccount(app);
    const taken = await admin.request('POST', '/api/accounts', originalCreation(account.email));
    expect(taken.json().code).toBe(code);
    const withMembers = await admin.request('DELETE', `/api/church/delete/${await churchWith(3)}`);
    expect(withMembers.json().params).toEqual(JSON.parse(params as string));
    const named = await post('/api/accounts/register', {
      ...originalRegistration(newAddress('control')),
      fullName: 'Ama\u0000Mensah',
    });
    expect(answer(named)).toEqual({ status: 400, message: validation });
  },

  "accounts' language": async () => {
    const email = newAddress('french');
    const french = await registerAndSignIn({ ...originalRegistration(email), locale: 'fr' });
    expect(sent.at(-1)?.html).toContain('<html lang="fr">');
    expect(french.body.locale).toBe('fr');
    await post('/api/accounts/register', originalRegistration(newAddress('swahili')), { 'accept-language': 'sw' });
    expect(sent.at(-1)?.html).toContain('<html lang="sw">');
  },

  'mailed links (verification, password reset, already registered, password changed)': async (row) => {
    const [, , frontEnd, , portal] = spans(row.here);
    await post('/api/accounts/register', originalRegistration(newAddress('linked')), { origin: FRONT_END });
    const toFrontEnd = (frontEnd as string).replace('{Origin}', FRONT_END);
    expect(mailedLink(sent.at(-1))).toBe(toFrontEnd.replace('…', linkToken(sent.at(-1))));
    const body = { ...originalRegistration(newAddress('linked')), locale: 'fr' };
    await post('/api/accounts/register', body, { origin: 'https://elsewhere.example.net' });
    const toPortal = (portal as string).replace('{PUBLIC_URL}', app.config.publicUrl);
    expect(mailedLink(sent.at(-1))).toBe(toPortal.replace('…', linkToken(sent.at(-1))));
  },

  ids: async () => {
    const { body } = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  },

  dates: async () => {
    const { body } = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
    for (const date of [body.created, body.updated]) expect(new Date(date).toISOString()).toBe(date);
  },

  'access token (`jwtToken`)': async (row) => {
    const { token, body } = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(Object.keys(claims).sort()).toEqual([...spans(row.original), ...spans(row.here)].sort());
    expect(claims).toMatchObject({ sub: body.id, id: body.id });
    expect(claims.exp - claims.iat).toBe(numberAfter(row.original, 'exp') * 60);
  },
};

describe('docs/compatibility.md', () => {
  const table = readTable();

  it('has a check for every row of its table, and no check without a row', () => {
    expect(table.map((row) => row.what).sort()).toEqual(Object.keys(checks).sort());
  });

  it.each(table)('$what', async (row) => {
    const check = checks[row.what];
    if (!check) throw new Error(`no check for the row "${row.what}"`);
    await check(row);
  });
});
