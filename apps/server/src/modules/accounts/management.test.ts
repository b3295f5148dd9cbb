import { ACCOUNT_MESSAGES, accountsMovedMessage, MAX_ACCOUNTS_MOVED, MESSAGES } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { app, churchId, expectNoSecrets, refreshWith, sent, useAccountsApp } from '../../../test/accounts.ts';
import { UNKNOWN_ID } from '../../../test/admin-app.ts';
import {
  buildTestApp,
  createTestAccount,
  expectMessage,
  loginAs,
  nextAddress,
  signIn,
  TEST_ADMIN,
} from '../../../test/app.ts';
import { accounts, churches, downloads } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';
import { emailTaken } from '../../original-words.ts';

useAccountsApp();

describe('GET /api/accounts/getAll and GET /api/accounts', () => {
  it('lists accounts for admins without secrets', async () => {
    const admin = await loginAs(app, 'Admin');
    for (const url of ['/api/accounts/getAll', '/api/accounts']) {
      const response = await admin.request('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json().some((a: { email: string }) => a.email === TEST_ADMIN.email)).toBe(true);
      expectNoSecrets(response.body);
    }
  });

  it('is closed to users (403) and visitors (401)', async () => {
    const user = await loginAs(app, 'User');
    expect((await user.request('GET', '/api/accounts/getAll')).statusCode).toBe(403);
    for (const headers of [{}, { authorization: 'Bearer a.b.c' }]) {
      expect((await app.inject({ method: 'GET', url: '/api/accounts/getAll', headers })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/accounts/getById/:id', () => {
  it('a user reads self but not another user', async () => {
    const user = await loginAs(app, 'User');
    const other = await createTestAccount(app);
    const self = await user.request('GET', `/api/accounts/getById/${user.account.id}`);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: user.account.id });
    expect((await user.request('GET', `/api/accounts/${other.account.id}`)).statusCode).toBe(403);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const admin = await loginAs(app, 'Admin');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      expectMessage(await admin.request('GET', `/api/accounts/getById/${id}`), 404, ACCOUNT_MESSAGES.accountNotFound);
    }
  });
});

describe('PUT /api/accounts/updateUser/:id', () => {
  it('a user updates own names and keeps the session when changing the password', async () => {
    const user = await loginAs(app, 'User');
    const response = await user.request('PUT', `/api/accounts/updateUser/${user.account.id}`, {
      title: 'Mrs',
      firstName: 'Efua',
      lastName: 'Asante',
      password: 'Changed-pass-1',
      confirmPassword: 'Changed-pass-1',
      currentPassword: user.password,
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
    for (const [payload, message] of cases) expectMessage(await admin.request('PUT', url, payload), 400, message);
    await signIn(app, admin.account.email, admin.password);
    const moved = await admin.request('PUT', url, {
      email: 'moved.admin@example.org',
      currentPassword: admin.password,
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
    const names = await user.request('PUT', `/api/accounts/updateUser/${user.account.id}`, { firstName: 'Still' });
    expect(names.statusCode).toBe(200);
  });

  it('answers PUT /api/accounts/:id, the original API’s path, the same way', async () => {
    const user = await loginAs(app, 'User');
    const url = `/api/accounts/${user.account.id}`;
    const change = { firstName: 'Original', password: 'Original-pass-1', confirmPassword: 'Original-pass-1' };
    expectMessage(await user.request('PUT', url, change), 400, ACCOUNT_MESSAGES.currentPasswordRequired);
    const named = await user.request('PUT', url, { firstName: 'Original' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ id: user.account.id, firstName: 'Original' });
  });

  it('answers an unchanged profile, or one of unknown fields only, with the account as it is', async () => {
    const user = await loginAs(app, 'User');
    for (const payload of [{}, { nickname: 'Ama' }]) {
      const response = await user.request('PUT', `/api/accounts/updateUser/${user.account.id}`, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.account.id, email: user.account.email });
    }
  });

  it('mails the account’s owner when an admin changes its password, and nobody for other changes', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    const url = `/api/accounts/updateUser/${target.account.id}`;
    expect((await admin.request('PUT', url, { firstName: 'Abena' })).statusCode).toBe(200);
    expect(sent).toHaveLength(0);
    const changed = await admin.request('PUT', url, {
      password: 'Admin-set-pass-1',
      confirmPassword: 'Admin-set-pass-1',
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
      expectMessage(await user.request('PUT', url, payload), 403, ACCOUNT_MESSAGES.ownRoleLocked);
    }
    const [unchanged] = await app.db.select().from(accounts).where(eq(accounts.id, user.account.id));
    expect(unchanged?.role).toBe('User');
    const theirs = await user.request('PUT', `/api/accounts/updateUser/${other.account.id}`, { firstName: 'Hacked' });
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
    for (const [payload, message] of cases) expectMessage(await user.request('PUT', url, payload), 400, message);
  });

  it('an admin changes a user role and verified flag, but can not touch or create a Super Admin', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    const url = `/api/accounts/updateUser/${target.account.id}`;
    const promoted = await admin.request('PUT', url, { role: 'Admin', isVerified: false });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'Admin', isVerified: false });
    expect((await admin.request('PUT', url, { role: 'Super Admin' })).statusCode).toBe(403);
    const [superAdmin] = await app.db.select().from(accounts).where(eq(accounts.email, TEST_ADMIN.email));
    const touch = await admin.request('PUT', `/api/accounts/updateUser/${superAdmin?.id}`, { firstName: 'Demoted' });
    expectMessage(touch, 403, ACCOUNT_MESSAGES.superAdminOnly);
  });

  it('refuses an e-mail that another account has', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    const other = await createTestAccount(app);
    const response = await admin.request('PUT', `/api/accounts/updateUser/${target.account.id}`, {
      email: other.account.email.toUpperCase(),
    });
    expectMessage(response, 409, emailTaken(other.account.email, true));
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
    const response = await admin.request('POST', '/api/accounts', newAccount('made@example.org'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'made@example.org', churchName: 'Grace Chapel', isVerified: true });
    await signIn(app, 'made@example.org', 'Created-pass-1');
  });

  it('an admin can not create a Super Admin; a Super Admin can', async () => {
    const admin = await loginAs(app, 'Admin');
    expect(
      (await admin.request('POST', '/api/accounts', newAccount('boss@example.org', 'Super Admin'))).statusCode,
    ).toBe(403);
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
    expect((await user.request('POST', '/api/accounts', newAccount('u@example.org'))).statusCode).toBe(403);
    expect((await admin.request('POST', '/api/accounts', newAccount(TEST_ADMIN.email))).statusCode).toBe(409);
    const nameless = await admin.request('POST', '/api/accounts', {
      ...newAccount('nameless@example.org'),
      lastName: '',
    });
    expect(nameless.json()).toEqual(errorBody(ACCOUNT_MESSAGES.lastNameRequired));
  });
});

describe('accounts written at the same moment', () => {
  it('six creations of one e-mail at once: one 201, the others 409', async () => {
    const admin = await loginAs(app, 'Admin');
    const create = () =>
      admin.request('POST', '/api/accounts', {
        firstName: 'Same',
        lastName: 'Time',
        email: 'same.time@example.org',
        password: 'Same-time-1',
        confirmPassword: 'Same-time-1',
      });
    const answers = await Promise.all(Array.from({ length: 6 }, create));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toEqual(errorBody(emailTaken('same.time@example.org', false)));
    }
  });

  it('four accounts moved to one e-mail at once: one 200, the others 409', async () => {
    const admin = await loginAs(app, 'Admin');
    const targets = await Promise.all(Array.from({ length: 4 }, () => createTestAccount(app)));
    const answers = await Promise.all(
      targets.map(({ account }) =>
        admin.request('PUT', `/api/accounts/updateUser/${account.id}`, { email: 'moved.together@example.org' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toEqual(errorBody(emailTaken('moved.together@example.org', true)));
    }
  });
});

describe('POST /api/accounts/church', () => {
  const move = (caller: Awaited<ReturnType<typeof loginAs>>, payload: object) =>
    caller.request('POST', '/api/accounts/church', payload);
  const churchesOf = async (ids: string[]) => {
    const rows = await app.db
      .select({ id: accounts.id, churchId: accounts.churchId })
      .from(accounts)
      .where(inArray(accounts.id, ids));
    return ids.map((id) => rows.find((row) => row.id === id)?.churchId);
  };
  async function newChurch(name: string) {
    const [church] = await app.db.insert(churches).values({ name, country: 'Kenya' }).returning();
    return church?.id as string;
  }

  it('an admin moves accounts from any church, or none, to a church, themselves included', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await newChurch('Hope Chapel');
    const ids = [
      (await createTestAccount(app, { churchId })).account.id,
      (await createTestAccount(app)).account.id,
      (await createTestAccount(app, { role: 'Admin' })).account.id,
      admin.account.id,
    ];
    const response = await move(admin, { ids, churchId: target });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: '4 accounts moved to Hope Chapel (Kenya).', moved: 4 });
    expect(await churchesOf(ids)).toEqual(ids.map(() => target));
    const listed = await admin.request('GET', `/api/accounts/getById/${ids[0]}`);
    expect(listed.json()).toMatchObject({ church: target, churchName: 'Hope Chapel' });
  });

  it('skips ids of accounts that no longer exist, and counts only those moved', async () => {
    const admin = await loginAs(app, 'Admin');
    const { account } = await createTestAccount(app);
    const response = await move(admin, { ids: [account.id, UNKNOWN_ID, 'nonsense'], churchId });
    expect(response.json()).toEqual({
      message: accountsMovedMessage(1, { name: 'Grace Chapel', country: 'Ghana' }).message,
      moved: 1,
    });
    expect(await churchesOf([account.id])).toEqual([churchId]);
  });

  it('an Admin moves no Super Admin, and then none of the others either (403); a Super Admin does', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await newChurch('Zion Chapel');
    const user = (await createTestAccount(app)).account.id;
    const superAdmin = (await createTestAccount(app, { role: 'Super Admin' })).account.id;
    const ids = [user, superAdmin];
    expectMessage(await move(admin, { ids, churchId: target }), 403, ACCOUNT_MESSAGES.superAdminOnly);
    expect(await churchesOf(ids)).toEqual([null, null]);
    const boss = await loginAs(app, 'Super Admin');
    expect((await move(boss, { ids, churchId: target })).json()).toMatchObject({ moved: 2 });
    expect(await churchesOf(ids)).toEqual([target, target]);
  });

  it('is closed to users (403) and visitors (401)', async () => {
    const user = await loginAs(app, 'User');
    const payload = { ids: [user.account.id], churchId };
    expectMessage(await move(user, payload), 403, MESSAGES.denied);
    const visitor = await app.inject({ method: 'POST', url: '/api/accounts/church', payload });
    expect(visitor.statusCode).toBe(401);
    expect(await churchesOf([user.account.id])).toEqual([null]);
  });

  it.each([
    ['no ids', { ids: [] }, ACCOUNT_MESSAGES.moveNoAccounts],
    ['missing ids', { ids: undefined }, ACCOUNT_MESSAGES.moveNoAccounts],
    ['ids that are not a list', { ids: 'all' }, ACCOUNT_MESSAGES.moveNoAccounts],
    [
      'too many ids',
      { ids: Array.from({ length: MAX_ACCOUNTS_MOVED + 1 }, () => UNKNOWN_ID) },
      ACCOUNT_MESSAGES.moveTooManyAccounts,
    ],
    ['no church', { churchId: ' ' }, ACCOUNT_MESSAGES.churchRequired],
    ['a missing church', { churchId: undefined }, ACCOUNT_MESSAGES.churchRequired],
    ['an unknown church', { churchId: UNKNOWN_ID }, ACCOUNT_MESSAGES.churchNotFound],
    ['a church id that is no uuid', { churchId: 'nonsense' }, ACCOUNT_MESSAGES.churchNotFound],
  ])('refuses %s (400) and moves nothing', async (_case, change, message) => {
    const admin = await loginAs(app, 'Admin');
    const { account } = await createTestAccount(app);
    expectMessage(await move(admin, { ids: [account.id], churchId, ...change }), 400, message);
    expect(await churchesOf([account.id])).toEqual([null]);
  });
});

describe('DELETE /api/accounts/:id', () => {
  it('an admin deletes a user; its sessions end', async () => {
    const admin = await loginAs(app, 'Admin');
    const user = await loginAs(app, 'User');
    expect((await admin.request('DELETE', `/api/accounts/${user.account.id}`)).statusCode).toBe(200);
    expect((await user.request('GET', `/api/accounts/getById/${user.account.id}`)).statusCode).toBe(401);
  });

  it('an admin can not delete a Super Admin, and the last Super Admin stays', async () => {
    const admin = await loginAs(app, 'Admin');
    const superAdmins = await app.db.select().from(accounts).where(eq(accounts.role, 'Super Admin'));
    const target = superAdmins[0]?.id as string;
    expect((await admin.request('DELETE', `/api/accounts/${target}`)).statusCode).toBe(403);
    const only = await loginAs(app, 'Super Admin');
    await app.db
      .delete(accounts)
      .where(eq(accounts.role, 'Super Admin'))
      .then(async () => {
        await app.db.insert(accounts).values({ ...only.account });
      });
    expectMessage(
      await only.request('DELETE', `/api/accounts/${only.account.id}`, { currentPassword: only.password }),
      409,
      ACCOUNT_MESSAGES.lastSuperAdmin,
    );
  });

  it('a user can not delete another account', async () => {
    const user = await loginAs(app, 'User');
    const other = await createTestAccount(app);
    expect((await user.request('DELETE', `/api/accounts/${other.account.id}`)).statusCode).toBe(403);
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
    const wrong = await user.request('DELETE', url, { currentPassword: 'not-mine' });
    expectMessage(wrong, 400, ACCOUNT_MESSAGES.currentPasswordWrong);
    const response = await app.inject({
      method: 'DELETE',
      url,
      headers: user.headers,
      cookies: { refreshToken: user.refreshToken },
      payload: { currentPassword: user.password },
    });
    expectMessage(response, 200, ACCOUNT_MESSAGES.accountDeleted);
    expect(response.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');
    expect((await refreshWith(user.refreshToken)).statusCode).toBe(401);
    expect((await app.inject({ url, headers: user.headers })).statusCode).toBe(401);
    const kept = await app.db.select().from(downloads).where(eq(downloads.bookName, 'Deleted-person book'));
    expect(kept.map((row) => row.accountId)).toEqual([null]);
  });

  it('refuses to delete one’s own account without its password: a stolen access token is not enough', async () => {
    const user = await loginAs(app, 'User');
    const url = `/api/accounts/${user.account.id}`;
    expectMessage(await user.request('DELETE', url), 400, ACCOUNT_MESSAGES.deleteConfirmRequired);
    const elsewhere = { ...user.headers, origin: 'https://front-end.example.org' };
    expect((await app.inject({ method: 'DELETE', url, headers: elsewhere })).statusCode).toBe(400);
    expect(await app.db.select().from(accounts).where(eq(accounts.id, user.account.id))).toHaveLength(1);
  });
});

describe('DELETE /api/accounts/:id from a front end that CORS_ORIGINS admits', () => {
  it('deletes one’s own account without a body, as clients of the original API do', async () => {
    const portal = await buildTestApp({ CORS_ORIGINS: 'https://front-end.example.org' });
    try {
      const user = await loginAs(portal, 'User');
      const url = `/api/accounts/${user.account.id}`;
      const from = (origin: string) => ({ method: 'DELETE' as const, url, headers: { ...user.headers, origin } });
      expect((await portal.inject(from('https://other.example.org'))).statusCode).toBe(400);
      expect((await portal.inject(from('https://front-end.example.org'))).statusCode).toBe(200);
      expect(await portal.db.select().from(accounts).where(eq(accounts.id, user.account.id))).toEqual([]);
    } finally {
      await portal.close();
    }
  });
});
