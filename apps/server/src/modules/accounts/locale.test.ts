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
const french = translator('fr');
const swahili = translator('sw');

describe("an account's language (decision 028)", () => {
  it('keeps the language someone signed up in and mails them in it, subject and body, linking its pages', async () => {
    const email = `fr-${Date.now()}@example.org`;
    const response = await post('/api/accounts/register', { ...registration(email), locale: 'fr' });
    expect(response.statusCode).toBe(200);
    expect((await accountOf(email))?.locale).toBe('fr');
    const [mail] = sent;
    expect(french('mail.verification.subject')).not.toBe(english('mail.verification.subject'));
    expect(mail?.subject).toBe(french('mail.verification.subject'));
    expect(mail?.text).toContain(french('mail.verification.body', { hours: 24 }));
    expect(mail?.text).toContain('/fr/account/verify-email?token=');
    expect(mail?.html).toContain('<html lang="fr">');
  });

  it.each([
    ['sw-KE,sw;q=0.9,en;q=0.5', swahili],
    // The first language the portal speaks, by weight.
    ['de-DE,fr;q=0.8,sw;q=0.9', swahili],
    // No language the portal speaks: English.
    ['de-DE,de;q=0.9', english],
  ])(
    "writes to someone who chose none in their browser's language (%s), and keeps no choice for them",
    async (header, translate) => {
      const email = `none-${Date.now()}@example.org`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/register',
        payload: registration(email),
        headers: { 'accept-language': header },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(200);
      await app.mail.idle();
      expect(sent[0]?.subject).toBe(translate('mail.verification.subject'));
      expect((await accountOf(email))?.locale).toBeNull();
    },
  );

  it('is returned by sign-in, changed from the profile, and then used by every mail', async () => {
    const { account, password } = await createTestAccount(app);
    const { token, body } = await signIn(app, account.email, password);
    expect(body.locale).toBeNull();
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/accounts/updateUser/${account.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { locale: 'sw' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().locale).toBe('sw');
    expect((await signIn(app, account.email, password)).body.locale).toBe('sw');

    // The account's choice wins over the browser's.
    await post('/api/accounts/forgot-password', { email: account.email }, { 'accept-language': 'fr' });
    expect(sent[0]?.subject).toBe(swahili('mail.reset.subject'));
    expect(sent[0]?.text).toContain('/sw/account/reset-password?token=');
  });

  it('refuses a language the portal does not speak, with its code, and keeps the account as it was', async () => {
    const user = await loginAs(app, 'User');
    const refused = await user.request('PUT', `/api/accounts/updateUser/${user.account.id}`, { locale: 'de' });
    expectMessage(refused, 400, ACCOUNT_MESSAGES.localeInvalid);
    expect(refused.json().code).toBe('accounts.localeInvalid');
    expect((await accountOf(user.account.email))?.locale).toBeNull();
  });
});
