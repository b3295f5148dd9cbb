import { ACCOUNT_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  app,
  churchId,
  FRONT_END,
  linkToken,
  mailedLink,
  post,
  refreshWith,
  registration,
  sent,
  useAccountsApp,
} from '../../../test/accounts.ts';
import { createTestAccount, expectMessage, loginAs, nextAddress, signIn } from '../../../test/app.ts';
import { accounts, accountTokens } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';

useAccountsApp();

/** The portal's own pages in English, where mailed links go unless a front end CORS_ORIGINS names asked. */
const PORTAL_EN = 'http://localhost:4000/en';

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
    expectMessage(response, 200, ACCOUNT_MESSAGES.registered);
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
    expect(sent[0]?.text).toContain('http://localhost:4000/en/account/verify-email?token=');
  });

  it('answers the same for a registered address and warns its owner instead', async () => {
    const response = await post('/api/accounts/register', registration('ama@example.org'));
    expectMessage(response, 200, ACCOUNT_MESSAGES.registered);
    expect(sent[0]?.subject).toMatch(/tried to register/);
    expect(await app.db.select().from(accounts).where(eq(accounts.email, 'ama@example.org'))).toHaveLength(1);
  });

  it('does the same database work for a registered address, and mails its owner a link to choose a new password', async () => {
    const { account } = await createTestAccount(app);
    const work = async (email: string) => {
      const calls = (['select', 'insert', 'update', 'delete'] as const).map((method) => vi.spyOn(app.db, method));
      expectMessage(await post('/api/accounts/register', registration(email)), 200, ACCOUNT_MESSAGES.registered);
      const counts = calls.map((call) => call.mock.calls.length);
      for (const call of calls) call.mockRestore();
      return counts;
    };
    expect(await work(account.email)).toEqual(await work('same.work@example.org'));
    const toOwner = sent.find((mail) => mail.to === account.email);
    expect(toOwner?.text).toContain('http://localhost:4000/en/account/reset-password?token=');
    const token = linkToken(toOwner);
    expectMessage(await post('/api/accounts/validate-reset-token', { token }), 200, ACCOUNT_MESSAGES.tokenValid);
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
    expectMessage(response, 400, message);
    expect(await app.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0);
  });

  it('accepts real-world addresses with long endings', async () => {
    const response = await post('/api/accounts/register', registration('pastor@grace.church'));
    expect(response.statusCode).toBe(200);
  });
});

describe('mailed links', () => {
  it.each([
    ['to the front end that asked, when CORS_ORIGINS names it, at the original API’s paths', FRONT_END, FRONT_END],
    ['to the portal, in the mail’s language, from any other origin', 'https://elsewhere.example.net', PORTAL_EN],
    ['to the portal, in the mail’s language, from no origin', undefined, PORTAL_EN],
  ])('go %s: verify, already registered, reset and password changed', async (_case, origin, base) => {
    const headers = origin === undefined ? undefined : { origin };
    const email = `links.${sent.length}.${Date.now()}@example.org`;
    await post('/api/accounts/register', registration(email), headers);
    await post('/api/accounts/register', registration(email), headers);
    await post('/api/accounts/forgot-password', { email }, headers);
    const token = linkToken(sent[2]);
    const password = 'Linked-pass-1';
    await post('/api/accounts/reset-password', { token, password, confirmPassword: password }, headers);
    expect(sent.map(mailedLink)).toEqual([
      `${base}/account/verify-email?token=${linkToken(sent[0])}`,
      `${base}/account/reset-password?token=${linkToken(sent[1])}`,
      `${base}/account/reset-password?token=${token}`,
      `${base}/account/forgot-password`,
    ]);
  });
});

describe('POST /api/accounts/verify-email', () => {
  it('verifies with the mailed token once; the link opened again says the address is already verified', async () => {
    await post('/api/accounts/register', registration('verify.me@example.org'));
    const token = linkToken(sent[0]);
    const first = await post('/api/accounts/verify-email', { token });
    expectMessage(first, 200, ACCOUNT_MESSAGES.verified);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, 'verify.me@example.org'));
    expect(account?.verifiedAt).toBeInstanceOf(Date);
    const again = await post('/api/accounts/verify-email', { token });
    expectMessage(again, 200, ACCOUNT_MESSAGES.alreadyVerified);
    const [still] = await app.db.select().from(accounts).where(eq(accounts.email, 'verify.me@example.org'));
    expect(still?.verifiedAt).toEqual(account?.verifiedAt);
  });

  it('says already verified for an expired link whose address was verified another way, and fails it otherwise', async () => {
    await post('/api/accounts/register', registration('late.reader@example.org'));
    const token = linkToken(sent[0]);
    await app.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expectMessage(await post('/api/accounts/verify-email', { token }), 400, ACCOUNT_MESSAGES.verifyFailed);
    // A password reset verifies the address too.
    await app.db.update(accounts).set({ verifiedAt: new Date() }).where(eq(accounts.email, 'late.reader@example.org'));
    expectMessage(await post('/api/accounts/verify-email', { token }), 200, ACCOUNT_MESSAGES.alreadyVerified);
  });

  it('fails a used link whose account an admin has marked unverified since', async () => {
    await post('/api/accounts/register', registration('unverified.again@example.org'));
    const token = linkToken(sent[0]);
    expectMessage(await post('/api/accounts/verify-email', { token }), 200, ACCOUNT_MESSAGES.verified);
    await app.db.update(accounts).set({ verifiedAt: null }).where(eq(accounts.email, 'unverified.again@example.org'));
    expectMessage(await post('/api/accounts/verify-email', { token }), 400, ACCOUNT_MESSAGES.verifyFailed);
  });

  it('refuses forged, expired and missing tokens', async () => {
    expect((await post('/api/accounts/verify-email', { token: 'forged' })).json()).toEqual(
      errorBody(ACCOUNT_MESSAGES.verifyFailed),
    );
    await post('/api/accounts/register', registration('expired@example.org'));
    const token = linkToken(sent[0]);
    await app.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/api/accounts/verify-email', { token })).statusCode).toBe(400);
    const missing = await post('/api/accounts/verify-email', {});
    expectMessage(missing, 400, ACCOUNT_MESSAGES.tokenRequired);
  });
});

describe('password reset', () => {
  const resetPassword = (token: string, password: string, confirmPassword = password) =>
    post('/api/accounts/reset-password', { token, password, confirmPassword });

  it('forgot-password answers the same for unknown addresses and mails nothing', async () => {
    const response = await post('/api/accounts/forgot-password', { email: 'nobody@example.org' });
    expectMessage(response, 200, ACCOUNT_MESSAGES.resetSent);
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

    const mismatch = await resetPassword(token, 'New-pass-12', 'Other-1234');
    expect(mismatch.json()).toEqual(errorBody(ACCOUNT_MESSAGES.passwordsMustMatch));
    expectMessage(await resetPassword(token, 'New-pass-12'), 200, ACCOUNT_MESSAGES.passwordReset);
    expect(sent.at(-1)?.subject).toBe('Your password was changed');

    await signIn(app, account.email, 'New-pass-12');
    expectMessage(await resetPassword(token, 'Third-pass-1'), 400, ACCOUNT_MESSAGES.tokenInvalid);
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
    const oldAccess = await app.inject({
      method: 'GET',
      url: `/api/accounts/getById/${account.id}`,
      headers: { authorization: `Bearer ${oldJwt}` },
    });
    expect(oldAccess.statusCode).toBe(401);
  });

  it('refuses forged and expired reset tokens', async () => {
    expect((await post('/api/accounts/validate-reset-token', { token: 'forged' })).json()).toEqual(
      errorBody(ACCOUNT_MESSAGES.tokenInvalid),
    );
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
    const [older, newer, others] = sent.map(linkToken) as [string, string, string];
    expect((await resetPassword(newer, 'New-pass-12')).statusCode).toBe(200);
    expectMessage(await resetPassword(older, 'Other-pass-12'), 400, ACCOUNT_MESSAGES.tokenInvalid);
    expect((await post('/api/accounts/validate-reset-token', { token: others })).statusCode).toBe(200);
  });

  it('a password changed on the profile retires the reset links mailed before', async () => {
    const user = await loginAs(app, 'User');
    await post('/api/accounts/forgot-password', { email: user.account.email });
    const [token] = sent.map(linkToken);
    const changed = await user.request('PUT', `/api/accounts/updateUser/${user.account.id}`, {
      password: 'Changed-pass-2',
      confirmPassword: 'Changed-pass-2',
      currentPassword: user.password,
    });
    expect(changed.statusCode).toBe(200);
    const stale = await post('/api/accounts/validate-reset-token', { token });
    expectMessage(stale, 400, ACCOUNT_MESSAGES.tokenInvalid);
  });

  it('forgot-password refuses a missing or malformed e-mail with its message', async () => {
    const missing = await post('/api/accounts/forgot-password', {});
    expectMessage(missing, 400, ACCOUNT_MESSAGES.emailRequired);
    const malformed = await post('/api/accounts/forgot-password', { email: 'not-an-address' });
    expectMessage(malformed, 400, ACCOUNT_MESSAGES.emailInvalid);
  });

  it('reset-password refuses a too short password with its message', async () => {
    expectMessage(await resetPassword('any-token', 'Ab1'), 400, ACCOUNT_MESSAGES.passwordTooShort);
  });

  it('forgot-password answers before its mail has gone out; register waits for its own a few seconds only', async () => {
    const held: (() => void)[] = [];
    vi.mocked(app.mail.send).mockImplementation(() => new Promise<void>((resolve) => held.push(resolve)));
    const { account } = await createTestAccount(app);
    expect((await post('/api/accounts/forgot-password', { email: account.email })).statusCode).toBe(200);
    expect(held).toHaveLength(1);
    expect((await post('/api/accounts/register', registration('slow.mail@example.org'))).statusCode).toBe(200);
    expect(held).toHaveLength(2);
    for (const release of held) release();
    expect(await app.db.select().from(accounts).where(eq(accounts.email, 'slow.mail@example.org'))).toHaveLength(1);
  });

  it('register says so when its mail could not go, the same for a registered address, and keeps nothing', async () => {
    vi.mocked(app.mail.send).mockRejectedValue(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    const { account } = await createTestAccount(app);
    expectMessage(await post('/api/accounts/register', registration(account.email)), 503, ACCOUNT_MESSAGES.mailFailed);
    expectMessage(
      await post('/api/accounts/register', registration('unmailed@example.org')),
      503,
      ACCOUNT_MESSAGES.mailFailed,
    );
    expect(await app.db.select().from(accounts).where(eq(accounts.email, 'unmailed@example.org'))).toEqual([]);
    vi.mocked(app.mail.send).mockResolvedValue();
    expectMessage(
      await post('/api/accounts/register', registration('unmailed@example.org')),
      200,
      ACCOUNT_MESSAGES.registered,
    );
  });

  it('forgot-password for a known address answers before its reset token is written, as for an unknown one', async () => {
    const { account } = await createTestAccount(app);
    const insert = app.db.insert.bind(app.db);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // Holds every write of an account token until the gate opens.
    const held = vi.spyOn(app.db, 'insert').mockImplementation(((table: Parameters<typeof insert>[0]) => {
      const builder = insert(table);
      if (table !== accountTokens) return builder;
      return { values: (values: never) => gate.then(() => builder.values(values)) };
    }) as unknown as typeof app.db.insert);
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/forgot-password',
      payload: { email: account.email },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(await app.db.select().from(accountTokens).where(eq(accountTokens.accountId, account.id))).toEqual([]);
    open();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    held.mockRestore();
    expect(linkToken(sent[0])).toBeTruthy();
  });

  it('a verification token is not a reset token', async () => {
    await post('/api/accounts/register', registration('cross.use@example.org'));
    const token = linkToken(sent[0]);
    expect((await post('/api/accounts/validate-reset-token', { token })).statusCode).toBe(400);
  });
});
