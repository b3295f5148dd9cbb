import { randomUUID } from 'node:crypto';
import { FILE_MESSAGES, NOTIFICATION_MESSAGES } from '@portal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, expectMessage, loginAs, nextAddress, type TestApp } from '../../../test/app.ts';
import { edition, makePdf, uploadEdition } from '../../../test/files.ts';
import { type ReceivedMail, startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { accounts, books, editionNotices, languages, notificationDeliveries } from '../../db/schema.ts';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeToken } from './mail.ts';
import { nextHour, scheduleDigest } from './service.ts';

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
type SignedIn = Awaited<ReturnType<typeof loginAs>>;

const PUBLIC_URL = 'https://portal.example.org';

/** A portal mailing through a real SMTP receiver, with an Admin, a Super Admin and English and French. */
async function mailingPortal(environment: Record<string, string> = {}) {
  const receiver = await startSmtpReceiver();
  const app = await buildTestApp({ SMTP_URL: receiver.url, PUBLIC_URL, MAIL_RETRY_SECONDS: '1', ...environment });
  const admin = await loginAs(app, 'Admin');
  const superAdmin = await loginAs(app, 'Super Admin');
  const [english, french] = await app.db
    .insert(languages)
    .values([{ name: 'English' }, { name: 'Français' }])
    .returning();
  return { receiver, app, admin, superAdmin, english: english?.id as string, french: french?.id as string };
}

let batch = 0;

/** `n` verified accounts made at once, subscribed or not as `values` says; their e-mail addresses. */
async function members(app: TestApp, n: number, values: Partial<typeof accounts.$inferInsert> = {}) {
  batch += 1;
  const rows = Array.from({ length: n }, (_, i) => ({
    firstName: 'Member',
    lastName: `${batch}-${i}`,
    email: `member-${batch}-${i}@example.org`,
    passwordHash: 'not-a-hash',
    verifiedAt: new Date(),
    notifyEditions: true,
    ...values,
  }));
  for (let from = 0; from < rows.length; from += 500)
    await app.db.insert(accounts).values(rows.slice(from, from + 500));
  return rows.map((row) => row.email);
}

/** As if NOTIFY_DELAY_MINUTES had gone by since the last upload: the digest runs now. */
async function letTheDelayPass(app: TestApp) {
  await app.db.update(editionNotices).set({ createdAt: sql`${editionNotices.createdAt} - interval '1 hour'` });
  await scheduleDigest(app);
}

async function deliveries(app: TestApp, status: 'queued' | 'sent' | 'failed') {
  const [row] = await app.db
    .select({ n: count() })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.status, status));
  return row?.n ?? 0;
}

/** Waits until `n` mails have arrived in all, and none is still queued. */
async function mailsArrived(app: TestApp, receiver: Receiver, n: number) {
  await vi.waitFor(
    async () => {
      expect(receiver.received.length).toBeGreaterThanOrEqual(n);
      expect(await deliveries(app, 'queued')).toBe(0);
    },
    { timeout: 90_000, interval: 200 },
  );
}

const recipientsOf = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.to).sort();

describe('new-edition mail through a real SMTP receiver', { timeout: 120_000 }, () => {
  let receiver: Receiver;
  let app: TestApp;
  let admin: SignedIn;
  let superAdmin: SignedIn;
  let english: string;
  let french: string;

  beforeAll(async () => {
    ({ receiver, app, admin, superAdmin, english, french } = await mailingPortal());
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  // Each test's members are its own: the mails still going out end, and everyone's mail is switched off.
  afterEach(async () => {
    await vi.waitFor(async () => expect(await deliveries(app, 'queued')).toBe(0), { timeout: 90_000, interval: 200 });
    await app.db.update(accounts).set({ notifyEditions: false });
  });

  it('1,000 subscribers get exactly one mail each after the delay, others none; a replacement sends nothing', async () => {
    const subscribers = await members(app, 1000, { notifyLanguages: [english] });
    // Languages not chosen yet: those of their downloads, and with none, the first language added (English).
    const byDefault = await members(app, 20);
    const frenchOnly = await members(app, 30, { notifyLanguages: [french] });
    await members(app, 30, { notifyEditions: false, notifyLanguages: [english] });
    await members(app, 10, { verifiedAt: null, notifyLanguages: [english] });

    const uploaded = await uploadEdition(app, admin.headers);
    expect(uploaded.statusCode).toBe(201);
    const fileId = uploaded.json().id as string;
    // NOTIFY_DELAY_MINUTES (10) has not gone by: nothing is told yet.
    expect(await deliveries(app, 'queued')).toBe(0);
    await letTheDelayPass(app);
    await mailsArrived(app, receiver, 1020);

    const recipients = recipientsOf(receiver.received);
    expect(recipients).toEqual([...subscribers, ...byDefault].sort());
    expect(recipients.filter((to) => frenchOnly.includes(to))).toEqual([]);
    const [mail] = receiver.received;
    expect(mail?.header('Subject')).toBe('A new edition is out');
    const oneClick = mail?.header('List-Unsubscribe');
    expect(oneClick).toMatch(/^<https:\/\/portal\.example\.org\/api\/notifications\/unsubscribe\?token=[\w.%-]+>$/);
    expect(mail?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.header('Message-ID')).toMatch(/^<[\w-]+\.[\w-]+@portal\.example\.org>$/);
    const text = mail?.data.replace(/=\r?\n/g, '');
    expect(text).toContain(`Teevo in English, March 2025: ${PUBLIC_URL}/user/read/${fileId}`);
    expect(text).toMatch(/https:\/\/portal\.example\.org\/en\/account\/unsubscribe\?token=/);

    const replaced = await uploadEdition(app, admin.headers, edition, { name: 'v2.pdf', data: makePdf('March v2') });
    expect(replaced.statusCode).toBe(201);
    await letTheDelayPass(app);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.received).toHaveLength(1020);
    expect(await deliveries(app, 'sent')).toBe(1020);

    const counts = await admin.request('GET', '/api/notifications/editions');
    expect(counts.json()).toEqual([{ fileId, sent: 1020, queued: 0, failed: 0, reasons: [] }]);
  });

  it('editions uploaded in one sitting reach a member as one mail listing those of their books, in their language', async () => {
    const [teevo] = await app.db.select().from(books).where(eq(books.name, 'Teevo'));
    const [reader] = await members(app, 1, { notifyLanguages: [english, french], locale: 'fr' });
    const [teevoReader] = await members(app, 1, { notifyLanguages: [english], notifyBooks: [teevo?.id as string] });
    for (const fields of [
      { ...edition, month: '4' },
      { ...edition, book: 'Take5', month: '4' },
      { ...edition, language: 'Français', month: '4' },
    ]) {
      expect((await uploadEdition(app, admin.headers, fields)).statusCode).toBe(201);
    }
    await letTheDelayPass(app);
    await mailsArrived(app, receiver, 2);
    const mine = receiver.received.filter((mail) => mail.to.includes(reader as string));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.header('Subject')).toBe('=?UTF-8?Q?3_nouvelles_=C3=A9ditions_sont_parues?=');
    const text = mine[0]?.data.replace(/=\r?\n/g, '') ?? '';
    expect(text).toContain('Take5 en English, avril 2025');
    const teevoOnly = receiver.received.filter((mail) => mail.to.includes(teevoReader as string));
    expect(teevoOnly).toHaveLength(1);
    expect(teevoOnly[0]?.header('Subject')).toBe('A new edition is out');
  });

  it('one click unsubscribes by POST at the header’s address; the page can undo it; a tampered token is refused', async () => {
    const [email] = await members(app, 1, { notifyLanguages: [english] });
    expect((await uploadEdition(app, admin.headers, { ...edition, month: '5' })).statusCode).toBe(201);
    await letTheDelayPass(app);
    await vi.waitFor(() => expect(receiver.received.some((mail) => mail.to.includes(email as string))).toBe(true), {
      timeout: 60_000,
    });
    const mail = receiver.received.find((each) => each.to.includes(email as string)) as ReceivedMail;
    const oneClick = (mail.header('List-Unsubscribe') as string).slice(1, -1).replace(PUBLIC_URL, '');
    const wants = async () =>
      (
        await app.db
          .select()
          .from(accounts)
          .where(eq(accounts.email, email as string))
      )[0]?.notifyEditions;

    const clicked = await app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expectMessage(clicked, 200, NOTIFICATION_MESSAGES.unsubscribed);
    expect(await wants()).toBe(false);
    const undone = await app.inject({ method: 'POST', url: oneClick.replace('/unsubscribe?', '/subscribe?') });
    expectMessage(undone, 200, NOTIFICATION_MESSAGES.resubscribed);
    expect(await wants()).toBe(true);

    const token = new URL(oneClick, PUBLIC_URL).searchParams.get('token') as string;
    const [account, digest, expires, signature] = token.split('.') as [string, string, string, string];
    const other = (await loginAs(app, 'User')).account.id;
    for (const tampered of [
      `${other}.${digest}.${expires}.${signature}`,
      `${account}.${digest}.${Number(expires) + 86_400}.${signature}`,
      `${account}.${digest}.${expires}.${signature.slice(1)}x`,
      `${account}.${signature}`,
      'x'.repeat(300),
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(tampered)}`,
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await wants()).toBe(true);
  });

  it('a mail server that refuses for good fails the mail with its reason; a Super Admin sends it again', async () => {
    const [email] = await members(app, 1, { notifyLanguages: [french] });
    receiver.refuse(550);
    const uploaded = await uploadEdition(app, admin.headers, { ...edition, language: 'Français', month: '6' });
    const fileId = uploaded.json().id as string;
    await letTheDelayPass(app);
    await vi.waitFor(async () => expect(await deliveries(app, 'failed')).toBe(1), { timeout: 60_000 });
    const [counts] = (await admin.request('GET', '/api/notifications/editions'))
      .json()
      .filter((each: { fileId: string }) => each.fileId === fileId);
    expect(counts).toMatchObject({ sent: 0, queued: 0, failed: 1 });
    expect(counts.reasons[0].error).toContain('550');
    receiver.refuse();
    expect((await admin.request('POST', `/api/notifications/editions/${fileId}/resend`)).statusCode).toBe(403);
    const resent = await superAdmin.request('POST', `/api/notifications/editions/${fileId}/resend`);
    expectMessage(resent, 200, NOTIFICATION_MESSAGES.resent);
    await mailsArrived(app, receiver, 1);
    expect(recipientsOf(receiver.received)).toEqual([email]);
    expect(await deliveries(app, 'failed')).toBe(0);
  });

  it('resending the failed mails of an edition that does not exist is not found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await superAdmin.request('POST', `/api/notifications/editions/${id}/resend`);
      expectMessage(answer, 404, FILE_MESSAGES.fileNotFound);
    }
  });

  it('paused, nothing goes out until a Super Admin resumes', async () => {
    const [email] = await members(app, 1, { notifyLanguages: [french] });
    expect((await admin.request('PUT', '/api/notifications/settings', { paused: true })).statusCode).toBe(403);
    const paused = await superAdmin.request('PUT', '/api/notifications/settings', { paused: true });
    expectMessage(paused, 200, NOTIFICATION_MESSAGES.paused);
    expect((await admin.request('GET', '/api/notifications/settings')).json()).toEqual({ paused: true });
    await uploadEdition(app, admin.headers, { ...edition, language: 'Français', month: '7' });
    await letTheDelayPass(app);
    await vi.waitFor(async () => expect(await deliveries(app, 'queued')).toBe(1), { timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.received).toHaveLength(0);
    await superAdmin.request('PUT', '/api/notifications/settings', { paused: false });
    await mailsArrived(app, receiver, 1);
    expect(recipientsOf(receiver.received)).toEqual([email]);
  });
});

describe('new-edition mail while the mail server struggles', { timeout: 120_000 }, () => {
  let portal: Awaited<ReturnType<typeof mailingPortal>>;
  beforeAll(async () => {
    portal = await mailingPortal({ MAIL_RATE_PER_MINUTE: '60' });
  });
  afterAll(async () => {
    await portal.app.close();
    await portal.receiver.close();
  });

  it('is tried again while the server refuses for now, all arrive once it recovers, at no more than the rate set', async () => {
    const { app, receiver, admin, english } = portal;
    const subscribers = await members(app, 6, { notifyLanguages: [english] });
    receiver.refuse(421);
    await uploadEdition(app, admin.headers);
    await letTheDelayPass(app);
    await vi.waitFor(
      async () => {
        const [tried] = await app.db
          .select({ n: count() })
          .from(notificationDeliveries)
          .where(and(eq(notificationDeliveries.status, 'queued'), sql`${notificationDeliveries.attempts} > 0`));
        expect(tried?.n).toBe(6);
      },
      { timeout: 60_000 },
    );
    receiver.refuse();
    await mailsArrived(app, receiver, 6);
    expect(recipientsOf(receiver.received)).toEqual([...subscribers].sort());
    const attempts = await app.db.select({ attempts: notificationDeliveries.attempts }).from(notificationDeliveries);
    expect(attempts.every(({ attempts }) => attempts >= 2)).toBe(true);
    // 60 a minute: a mail a second at most, whichever attempt it was.
    const arrivals = receiver.received.map((mail) => mail.at).sort((a, b) => a - b);
    for (let i = 2; i < arrivals.length; i++) {
      expect((arrivals[i] as number) - (arrivals[i - 2] as number)).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe('NOTIFY_HOUR', () => {
  it('is the next time that hour begins in the time zone, half-hour zones and day changes included', () => {
    const at = (iso: string) => new Date(iso);
    expect(nextHour(7, 'Africa/Accra', at('2026-11-26T08:00:00Z'))).toEqual(at('2026-11-27T07:00:00Z'));
    expect(nextHour(7, 'Africa/Accra', at('2026-11-26T06:59:59Z'))).toEqual(at('2026-11-26T07:00:00Z'));
    expect(nextHour(9, 'Asia/Kolkata', at('2026-11-26T00:00:00Z'))).toEqual(at('2026-11-26T03:30:00Z'));
    expect(nextHour(0, 'America/Sao_Paulo', at('2026-11-26T12:00:00Z'))).toEqual(at('2026-11-27T03:00:00Z'));
  });
});

describe('the member’s choice', () => {
  let app: TestApp;
  let english: string;
  let french: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const added = await app.db
      .insert(languages)
      .values([{ name: 'English' }, { name: 'Français' }])
      .returning();
    [english, french] = added.map((language) => language.id) as [string, string];
  });
  afterAll(() => app.close());

  it('is off for a new account unless ticked at sign-up', async () => {
    const register = (email: string, notifyEditions?: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/register',
        remoteAddress: nextAddress(),
        payload: {
          fullName: 'Yaw Boateng',
          email,
          password: 'Strong-pass-1',
          confirmPassword: 'Strong-pass-1',
          acceptTerms: true,
          ...(notifyEditions === undefined ? {} : { notifyEditions }),
        },
      });
    expect((await register('asked@example.org', true)).statusCode).toBe(200);
    expect((await register('not-asked@example.org')).statusCode).toBe(200);
    const wants = async (email: string) =>
      (await app.db.select().from(accounts).where(eq(accounts.email, email)))[0]?.notifyEditions;
    expect(await wants('asked@example.org')).toBe(true);
    expect(await wants('not-asked@example.org')).toBe(false);
  });

  it('a mail’s link undoes only what it did itself, and works for UNSUBSCRIBE_LINK_DAYS', async () => {
    const member = await loginAs(app, 'User');
    const link = (action: 'unsubscribe' | 'subscribe', token: string) =>
      app.inject({ method: 'POST', url: `/api/notifications/${action}?token=${encodeURIComponent(token)}` });
    const save = async (enabled: boolean) =>
      expect(
        (await member.request('PUT', '/api/notifications/choice', { enabled, books: null, languages: [english] }))
          .statusCode,
      ).toBe(200);
    const wants = async () => (await member.request('GET', '/api/notifications/choice')).json().enabled;
    const mailOf = (sentAgo: number) =>
      unsubscribeToken(member.account.id, randomUUID(), app.auth.secret, Date.now() - sentAgo);
    const day = 86_400_000;
    const march = mailOf(50 * day);
    const april = mailOf(20 * day);
    const { unsubscribed, resubscribed, nothingToUndo, linkExpired } = NOTIFICATION_MESSAGES;

    // Turned off in Profile: an old mail's link has nothing to stop, and its Undo turns nothing on.
    await save(true);
    await save(false);
    expectMessage(await link('unsubscribe', march), 200, unsubscribed);
    expectMessage(await link('subscribe', march), 409, nothingToUndo);
    expect(await wants()).toBe(false);

    // Stopped by March's link: April's Undo leaves it so; March's turns the mail on again.
    await save(true);
    expectMessage(await link('unsubscribe', march), 200, unsubscribed);
    expectMessage(await link('unsubscribe', april), 200, unsubscribed);
    expectMessage(await link('subscribe', april), 409, nothingToUndo);
    expect(await wants()).toBe(false);
    expectMessage(await link('subscribe', march), 200, resubscribed);
    expect(await wants()).toBe(true);

    // Stopped by the link, then chosen again in Profile: the member's later choice stands.
    expectMessage(await link('unsubscribe', march), 200, unsubscribed);
    await save(false);
    expectMessage(await link('subscribe', march), 409, nothingToUndo);
    expect(await wants()).toBe(false);

    // A link older than UNSUBSCRIBE_LINK_DAYS is refused, either way, and changes nothing.
    await save(true);
    const expired = mailOf(UNSUBSCRIBE_LINK_DAYS * day);
    expectMessage(await link('unsubscribe', expired), 400, linkExpired);
    expectMessage(await link('subscribe', expired), 400, linkExpired);
    expect(await wants()).toBe(true);
  });

  it('offers the languages of the member’s downloads, else the first language added, until chosen; refuses an empty or unknown choice', async () => {
    const member = await loginAs(app, 'User');
    const read = async () => (await member.request('GET', '/api/notifications/choice')).json();
    expect(await read()).toEqual({ enabled: false, books: null, languages: [english] });
    const admin = await loginAs(app, 'Admin');
    const uploaded = await uploadEdition(app, admin.headers, { ...edition, language: 'Français' });
    await member.request('POST', '/api/downloads', { file: uploaded.json().id });
    expect((await read()).languages).toEqual([french]);

    const save = (choice: object) => member.request('PUT', '/api/notifications/choice', choice);
    expectMessage(
      await save({ enabled: true, books: null, languages: [] }),
      400,
      `languages: ${NOTIFICATION_MESSAGES.languageRequired}`,
    );
    expectMessage(
      await save({ enabled: true, books: [], languages: [english] }),
      400,
      `books: ${NOTIFICATION_MESSAGES.bookRequired}`,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectMessage(
      await save({ enabled: true, books: null, languages: [unknown] }),
      400,
      NOTIFICATION_MESSAGES.unknownChoice,
    );
    expectMessage(
      await save({ enabled: true, books: null, languages: ['not-an-id'] }),
      400,
      NOTIFICATION_MESSAGES.unknownChoice,
    );
    expect((await read()).enabled).toBe(false);

    const [teevo] = await app.db.select().from(books).where(eq(books.name, 'Teevo'));
    const saved = await save({ enabled: true, books: [teevo?.id], languages: [english, french] });
    expectMessage(saved, 200, NOTIFICATION_MESSAGES.choiceSaved);
    expect(await read()).toEqual({ enabled: true, books: [teevo?.id], languages: [english, french] });
  });
});
