import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REMINDER_MESSAGES, type Reminder, type ReminderPush } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, type TestApp } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { addEditionRecord } from '../../../test/editions.ts';
import {
  accounts,
  editionDays,
  editionPages,
  languages,
  pushSubscriptions,
  reminderDeliveries,
  settings,
} from '../../db/schema.ts';
import { isPushService, queueDue } from './service.ts';

/** A push service on loopback (RFC 8030): it keeps what the portal posts, and answers each with `status`. */
async function startPushService() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const waiting: (() => void)[] = [];
  const gone = new Set<string>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
    for (const wake of waiting.splice(0)) wake();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Waits until `count` messages came. */
  const messages = async (count: number) => {
    while (received.length < count) await new Promise<void>((wake) => waiting.push(wake));
    return received;
  };
  return { origin, received, messages, gone, close: () => server.close() };
}

/** A browser's side of a subscription: its key pair and auth secret, to read what the push service got. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  /** RFC 8291 (aes128gcm, RFC 8188): the message the portal encrypted for this browser. */
  const decrypt = (body: Buffer) => {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
    const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(ciphertext.subarray(-16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
    // The last record ends with the delimiter 2, then padding zeros.
    return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8')) as ReminderPush;
  };
  return { keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') }, decrypt };
}

/** RFC 8292: the request's VAPID token is signed by the portal's key, for this push service, and names a contact. */
function expectVapid(headers: IncomingHttpHeaders, publicKey: string, origin: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  expect(match?.[4]).toBe(publicKey);
  const [, header = '', claims = '', signature = ''] = match ?? [];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
  expect(payload).toMatchObject({ aud: origin, sub: 'mailto:no-reply@localhost' });
}

/** The moment it is `hh:mm` in Nairobi (UTC+3, no summer time) on the day after today's there. */
function tomorrowInNairobi(hours: number, minutes: number) {
  const today = new Date(Date.now() + 3 * 3_600_000);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, hours - 3, minutes));
}

const NAIROBI = 'Africa/Nairobi';

describe('isPushService', () => {
  const services = ['fcm.googleapis.com', 'notify.windows.com', 'http://127.0.0.1:9000'];
  it('takes the listed services’ https addresses and their subdomains, and listed origins exactly', () => {
    expect(isPushService('https://fcm.googleapis.com/fcm/send/abc', services)).toBe(true);
    expect(isPushService('https://wns2-by3p.notify.windows.com/w/?token=x', services)).toBe(true);
    expect(isPushService('http://127.0.0.1:9000/push/1', services)).toBe(true);
  });
  it('refuses anything else: plain http, another host, a look-alike, another port', () => {
    expect(isPushService('http://fcm.googleapis.com/fcm/send/abc', services)).toBe(false);
    expect(isPushService('https://evil.example/fcm.googleapis.com', services)).toBe(false);
    expect(isPushService('https://fcm.googleapis.com.evil.example/x', services)).toBe(false);
    expect(isPushService('https://evilnotify.windows.com/x', services)).toBe(false);
    expect(isPushService('http://127.0.0.1:5432/', services)).toBe(false);
  });
});

describe('the daily reminder', () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  let environment: Record<string, string>;
  let app: TestApp;

  beforeAll(async () => {
    push = await startPushService();
    environment = { PUSH_SERVICES: `fcm.googleapis.com,${push.origin}` };
    app = await buildTestApp(environment);
  });
  afterAll(async () => {
    await app.close();
    push.close();
  });

  const turnOn = (member: Awaited<ReturnType<typeof loginAs>>, path: string, keys = browserKeys().keys) =>
    member.request('PUT', '/api/reminders', {
      time: '07:00',
      timeZone: NAIROBI,
      subscription: { endpoint: `${push.origin}${path}`, keys },
    });

  it('is off until the member turns it on; the public key is made once and kept for every instance', async () => {
    const member = await loginAs(app, 'User');
    const response = await member.request('GET', '/api/reminders');
    expect(response.statusCode).toBe(200);
    const { reminder, publicKey } = response.json() as Reminder;
    expect(reminder).toBeNull();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await turnOn(member, '/first')).statusCode).toBe(200);
    expect((await member.request('GET', '/api/reminders')).json()).toEqual({
      reminder: { time: '07:00', timeZone: NAIROBI },
      publicKey,
    });
  });

  it('refuses a bad time, an unknown time zone and a push service not listed, and keeps nothing of them', async () => {
    const member = await loginAs(app, 'User');
    const subscription = { endpoint: `${push.origin}/refused`, keys: browserKeys().keys };
    const put = (body: object) =>
      member.request('PUT', '/api/reminders', { time: '07:00', timeZone: NAIROBI, subscription, ...body });
    expectMessage(await put({ time: '7 am' }), 400, `time: ${REMINDER_MESSAGES.timeInvalid}`);
    expectMessage(await put({ timeZone: 'Mars/Olympus' }), 400, `timeZone: ${REMINDER_MESSAGES.timeZoneInvalid}`);
    for (const endpoint of ['http://127.0.0.1:5432/', 'https://push.example.org/x', 'http://fcm.googleapis.com/x'])
      expectMessage(
        await put({ subscription: { ...subscription, endpoint } }),
        400,
        REMINDER_MESSAGES.pushServiceRefused,
      );
    expect((await member.request('GET', '/api/reminders')).json()).toMatchObject({ reminder: null });
    const kept = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.accountId, member.account.id));
    expect(kept).toEqual([]);
  });

  it('comes once a day at its time, in the member’s language, with today’s reading, whatever restarts', async () => {
    const database = await createTestDatabase();
    const first = await buildTestApp(environment, { database: { ...database, close: async () => {} } });
    const member = await loginAs(first, 'User');
    await first.db.update(accounts).set({ locale: 'fr' }).where(eq(accounts.id, member.account.id));
    // Tomorrow's reading in French, on page 2 of this month's (or next month's) edition.
    const at = tomorrowInNairobi(7, 1);
    const day = at.getUTCDate();
    const [french] = await first.db.insert(languages).values({ name: 'Français', code: 'fr' }).returning();
    const edition = await addEditionRecord(first, {
      book: 'Teevo',
      languageId: french?.id ?? '',
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
    });
    await first.db
      .insert(editionDays)
      .values({ fileId: edition.id, source: 'headings', days: [{ day, page: 2 }], pageCount: 2, scanned: false });
    await first.db
      .insert(editionPages)
      .values({ fileId: edition.id, page: 2, text: `${day} novembre\nLe pardon\nLire Matthieu 6.` });
    expect((await member.request('POST', '/api/downloads', { file: edition.id })).statusCode).toBe(200);
    const browser = browserKeys();
    expect((await turnOn(member, '/daily', browser.keys)).statusCode).toBe(200);
    const { publicKey } = (await member.request('GET', '/api/reminders')).json() as Reminder;
    // The key is this database's, kept there for every instance on it (not another database's of this process).
    const [kept] = await first.db.select().from(settings).where(eq(settings.name, 'vapid-keys'));
    expect(JSON.parse(kept?.value ?? '{}').publicKey).toBe(publicKey);

    expect(await queueDue(first, tomorrowInNairobi(6, 59))).toEqual([]);
    const before = push.received.length;
    expect(await queueDue(first, at)).toEqual([member.account.id]);
    expect(await queueDue(first, at)).toEqual([]);
    const [message] = (await push.messages(before + 1)).slice(before);
    expect(message?.path).toBe('/daily');
    expect(message?.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: String(12 * 3600) });
    expectVapid(message?.headers ?? {}, publicKey, push.origin);
    const shown = browser.decrypt(message?.body ?? Buffer.alloc(0));
    const title = new Intl.DateTimeFormat('fr', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(at);
    expect(shown).toMatchObject({ title, body: 'Teevo: Le pardon', url: `/user/read/${edition.id}/day/${day}` });
    expect(shown.stop.label).toBe('Arrêter les rappels');
    await expect
      .poll(async () => (await first.db.select().from(reminderDeliveries))[0]?.status, { timeout: 5000 })
      .toBe('sent');
    await first.close();

    const second = await buildTestApp(environment, { database });
    try {
      expect(await queueDue(second, at)).toEqual([]);
      expect(await queueDue(second, tomorrowInNairobi(9, 30))).toEqual([]);
      expect(push.received).toHaveLength(before + 1);
      // The notification's Stop button: by its token, without signing in; then the next day claims nothing.
      const stop = await second.inject({
        method: 'POST',
        url: `/api/reminders/stop?token=${encodeURIComponent(shown.stop.token)}`,
      });
      expectMessage(stop, 200, REMINDER_MESSAGES.stopped);
      expect(await queueDue(second, new Date(at.getTime() + 86_400_000))).toEqual([]);
      expectMessage(
        await second.inject({ method: 'POST', url: '/api/reminders/stop?token=forged' }),
        400,
        REMINDER_MESSAGES.linkInvalid,
      );
    } finally {
      await second.close();
    }
  });

  it('waits for tomorrow when turned on after today’s time, and skips a day the portal was down long past it', async () => {
    const member = await loginAs(app, 'User');
    expect((await turnOn(member, '/late')).statusCode).toBe(200);
    // Set now for 7:00, so today's 7:00 (if past) came before it: nothing today.
    expect(await queueDue(app, new Date())).not.toContain(member.account.id);
    // Tomorrow at 10:01, three hours late: not sent; the day after at 7:00 it is.
    expect(await queueDue(app, tomorrowInNairobi(10, 1))).not.toContain(member.account.id);
    const dayAfter = new Date(tomorrowInNairobi(7, 0).getTime() + 86_400_000);
    expect(await queueDue(app, dayAfter)).toContain(member.account.id);
    await expect.poll(() => push.received.some(({ path }) => path === '/late'), { timeout: 10_000 }).toBe(true);
  });

  it('forgets a browser its push service says is gone, and Turn off stops it for every browser', async () => {
    const member = await loginAs(app, 'User');
    push.gone.add('/gone');
    expect((await turnOn(member, '/gone')).statusCode).toBe(200);
    expect(await queueDue(app, tomorrowInNairobi(7, 0))).toContain(member.account.id);
    await expect.poll(() => push.received.some(({ path }) => path === '/gone'), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(async () =>
        app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, member.account.id)),
      )
      .toEqual([]);
    expect((await turnOn(member, '/again')).statusCode).toBe(200);
    expectMessage(await member.request('DELETE', '/api/reminders'), 200, REMINDER_MESSAGES.stopped);
    expect((await member.request('GET', '/api/reminders')).json()).toMatchObject({ reminder: null });
    expect(await queueDue(app, new Date(tomorrowInNairobi(7, 0).getTime() + 86_400_000))).not.toContain(
      member.account.id,
    );
  });
});
