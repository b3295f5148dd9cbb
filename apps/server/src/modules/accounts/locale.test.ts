import { ACCOUNT_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { app, post, registration, sent, useAccountsApp } from '../../../test/accounts.ts';
import { createTestAccount, expectMessage, loginAs, nextAddress, signIn } from '../../../test/app.ts';
import { accounts } from '../../db/schema.ts';
import { translator } from '../../i18n.ts';

useAccountsApp();

const accountOf = async (email: string) => (await app.db.select().from(accounts).where(eq(accounts.email, email)))[0];
const english = translator('en');

describe("an account's language (decision 028)", () => {
  it('keeps the language someone signed up in and mails them in it, subject and body, linking its pages', async () => {
    const email = `en-${Date.now()}@example.org`;
    const response = await post('/api/accounts/register', { ...registration(email), locale: 'en' });
    expect(response.statusCode).toBe(200);
    expect((await accountOf(email))?.locale).toBe('en');
    const [mail] = sent;
    expect(mail?.subject).toBe(english('mail.verification.subject'));
    expect(mail?.text).toContain(english('mail.verification.body', { hours: 24 }));
    expect(mail?.text).toContain('/en/account/verify-email?token=');
    expect(mail?.html).toContain('<html lang="en">');
  });

  it("writes to someone who chose none in their browser's language, or English, and keeps no choice for them", async () => {
    const email = `none-${Date.now()}@example.org`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/register',
      payload: registration(email),
      // No language the portal speaks: English.
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    await app.mail.idle();
    expect(sent[0]?.subject).toBe(english('mail.verification.subject'));
    expect((await accountOf(email))?.locale).toBeNull();
  });

  it('is returned by sign-in, changed from the profile, and then used by every mail', async () => {
    const { account, password } = await createTestAccount(app);
    const { token, body } = await signIn(app, account.email, password);
    expect(body.locale).toBeNull();
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${account.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { locale: 'en' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().locale).toBe('en');
    expect((await signIn(app, account.email, password)).body.locale).toBe('en');

    await post('/api/accounts/forgot-password', { email: account.email });
    expect(sent[0]?.subject).toBe(english('mail.reset.subject'));
    expect(sent[0]?.text).toContain('/en/account/reset-password?token=');
  });

  it('refuses a language the portal does not speak, with its code, and keeps the account as it was', async () => {
    const user = await loginAs(app, 'User');
    const refused = await user.request('PUT', `/api/accounts/updateUser/${user.account.id}`, { locale: 'de' });
    expectMessage(refused, 400, ACCOUNT_MESSAGES.localeInvalid);
    expect(refused.json().code).toBe('accounts.localeInvalid');
    expect((await accountOf(user.account.email))?.locale).toBeNull();
  });
});
