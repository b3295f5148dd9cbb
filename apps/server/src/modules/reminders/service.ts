import {
  DEFAULT_LOCALE,
  minuteOfTime,
  REMINDER_MESSAGES,
  type Reminder,
  type ReminderInput,
  type ReminderPush,
  timeOfMinute,
} from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { perDatabase } from '../../db/per-database.ts';
import { accounts, pushSubscriptions, reminderDeliveries, reminders, settings } from '../../db/schema.ts';
import { BadRequest } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import { readLinkToken, signLinkToken } from '../../plugins/auth/tokens.ts';
import { thisMonthFor } from '../editions/service.ts';

/** The queue that sends one member's reminder of one day. */
export const REMINDER_QUEUE = 'daily-reminder';
/** A reminder later than this (the portal was down at its time) is not sent: the day has moved on. */
const LATEST_HOURS = 3;
/** A notification's Stop button works for this long. */
const STOP_LINK_DAYS = 30;
const STOP_PURPOSE = 'reminder-stop';
/** How long a push service has to take a message. */
const PUSH_TIMEOUT_MS = 10_000;

type App = Pick<FastifyInstance, 'db' | 'jobs' | 'config' | 'auth' | 'log'>;

export interface ReminderJob {
  accountId: string;
  /** The member's day it is for, `2026-11-27`. */
  day: string;
  /** When it was claimed: the reminder tells of that moment's day. */
  at: string;
}

const VAPID_SETTING = 'vapid-keys';

/** The portal's VAPID key pair (RFC 8292), made once and kept in the database for every instance, as the token secret. */
async function loadVapidKeys(db: Database): Promise<{ publicKey: string; privateKey: string }> {
  // Instances starting together each offer a pair; the first kept is everyone's.
  await db
    .insert(settings)
    .values({ name: VAPID_SETTING, value: JSON.stringify(webPush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [kept] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, VAPID_SETTING));
  if (!kept) throw new Error('the push keys could not be kept in the database');
  return JSON.parse(kept.value);
}

/** The key pair, read once per database (each test's, and each app's, its own). */
export const pushKeys = perDatabase(loadVapidKeys);

/**
 * Whether the portal may post to this push endpoint: an https address of a listed push service (a host or its
 * subdomains), or an exact origin listed. Anything else is refused, so a member can't make the portal post to
 * an address of its network.
 */
export function isPushService(endpoint: string, services: readonly string[]) {
  const url = new URL(endpoint);
  if (services.includes(url.origin)) return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && services.some((service) => host === service || host.endsWith(`.${service}`));
}

export async function readReminder(db: Database, accountId: string): Promise<Reminder> {
  const [row] = await db.select().from(reminders).where(eq(reminders.accountId, accountId));
  return {
    reminder: row ? { time: timeOfMinute(row.minute), timeZone: row.timeZone } : null,
    publicKey: (await pushKeys(db)).publicKey,
  };
}

/** Turns the member's reminder on (or moves it), and keeps this browser's subscription as theirs. */
export async function saveReminder(
  db: Database,
  config: Pick<Config, 'pushServices'>,
  accountId: string,
  { time, timeZone, subscription }: ReminderInput,
) {
  if (!isPushService(subscription.endpoint, config.pushServices))
    throw new BadRequest(REMINDER_MESSAGES.pushServiceRefused);
  const minute = minuteOfTime(time);
  const { endpoint, keys } = subscription;
  await db.transaction(async (tx) => {
    await tx
      .insert(reminders)
      .values({ accountId, minute, timeZone })
      .onConflictDoUpdate({ target: reminders.accountId, set: { minute, timeZone, since: sql`now()` } });
    // A browser another account subscribed before (signed out, then in as someone else) is this member's now.
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint, accountId, ...keys })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { accountId, ...keys } });
  });
}

/** Turns the member's reminder off, and forgets every browser of theirs it went to. */
export async function stopReminder(db: Database, accountId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(reminders).where(eq(reminders.accountId, accountId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId));
  });
}

export const stopToken = (accountId: string, day: string, secret: string, now = Date.now()) =>
  signLinkToken(STOP_PURPOSE, [accountId, day], STOP_LINK_DAYS * 86_400, secret, now);

/** The notification's Stop button: works without signing in, by the token the message carried. */
export async function stopByToken(db: Database, token: string, secret: string) {
  const link = readLinkToken(STOP_PURPOSE, token, secret);
  if (!link || link.expired) throw new BadRequest(REMINDER_MESSAGES.linkInvalid);
  await stopReminder(db, link.ids[0]);
}

/**
 * Every member whose reminder time has come today in their time zone (since they set it, within the last few
 * hours) and who has a browser to take it: each member and day is claimed once by its row, whatever instances
 * or restarts, and queued. The members claimed.
 */
export async function queueDue(app: Pick<App, 'db' | 'jobs'>, now = new Date()) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const localDay = sql`(${at} at time zone ${reminders.timeZone})::date`;
  const moment = sql`(${localDay} + make_interval(mins => ${reminders.minute})) at time zone ${reminders.timeZone}`;
  const claimed = await app.db
    .insert(reminderDeliveries)
    .select(
      app.db
        .select({
          accountId: reminders.accountId,
          day: sql<string>`${localDay}`.as('day'),
          status: sql`'queued'`.as('status'),
          updatedAt: at.as('updated_at'),
        })
        .from(reminders)
        .where(
          sql`${moment} <= ${at} and ${moment} > greatest(${reminders.since}, ${at} - make_interval(hours => ${LATEST_HOURS}))
            and exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.accountId} = ${reminders.accountId})`,
        ),
    )
    .onConflictDoNothing()
    .returning({ accountId: reminderDeliveries.accountId, day: reminderDeliveries.day });
  // A day's row is its key only while the day can come again: two days on, it never can.
  await app.db.delete(reminderDeliveries).where(sql`${reminderDeliveries.day} < ${at}::date - 2`);
  if (claimed.length > 0)
    await app.jobs.insert(
      REMINDER_QUEUE,
      claimed.map((data) => ({ data: { ...data, at: now.toISOString() } satisfies ReminderJob })),
    );
  return claimed.map(({ accountId }) => accountId);
}

/** What the member's reminder of this day says, in their language: today's reading of their first book that has it. */
async function reminderMessage(app: App, { accountId, day, at }: ReminderJob, timeZone: string): Promise<ReminderPush> {
  const [account] = await app.db.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.id, accountId));
  const locale = account?.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const date = new Date(`${day}T12:00:00Z`);
  const title = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);
  const month = await thisMonthFor(app.db, accountId, timeZone, { locale }, new Date(at));
  const reading = month.editions.find((edition) => edition.file && edition.today);
  const stop = { label: t('push.stop'), token: stopToken(accountId, day, app.auth.secret) };
  if (!reading?.file || !reading.today) return { title, body: t('push.noDay'), url: '/', stop };
  const [firstLine] = reading.today.lines;
  return {
    title,
    body: firstLine ? `${reading.book}: ${firstLine}` : t('push.read', { book: reading.book }),
    url: `/user/read/${reading.file._id}/day/${reading.today.day}`,
    stop,
  };
}

/** VAPID's contact: the portal's https address, else the address its mail comes from. */
const contactOf = (config: Pick<Config, 'publicUrl' | 'mailFrom'>) =>
  config.publicUrl.startsWith('https:')
    ? config.publicUrl
    : `mailto:${config.mailFrom.match(/<([^>]+)>/)?.[1] ?? config.mailFrom.trim()}`;

/**
 * The job: the member's reminder of the day to each of their browsers. A browser its push service no longer
 * knows (404, 410) is forgotten; when none took it and some failed otherwise, the job fails and is tried again.
 */
export async function sendReminder(app: App, job: ReminderJob, lastTry: boolean) {
  const [reminder] = await app.db.select().from(reminders).where(eq(reminders.accountId, job.accountId));
  // Turned off since it was queued.
  if (!reminder) return;
  const subscriptions = await app.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, job.accountId));
  const payload = JSON.stringify(await reminderMessage(app, job, reminder.timeZone));
  const { publicKey, privateKey } = await pushKeys(app.db);
  const vapidDetails = { subject: contactOf(app.config), publicKey, privateKey };
  const gone: string[] = [];
  const failures: unknown[] = [];
  for (const { endpoint, p256dh, auth } of subscriptions) {
    // web-push encrypts and signs (RFC 8291, 8292); the post is ours, so that it has a deadline and any scheme a
    // listed push service has. Today's reminder is worth nothing tomorrow (TTL).
    const { method, headers, body } = webPush.generateRequestDetails({ endpoint, keys: { p256dh, auth } }, payload, {
      vapidDetails,
      TTL: 12 * 3600,
    });
    const response = await fetch(endpoint, {
      method,
      headers,
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    }).catch((error: unknown) => error);
    if (response instanceof Response && (response.status === 404 || response.status === 410)) gone.push(endpoint);
    else if (!(response instanceof Response) || !response.ok) failures.push(response);
  }
  if (gone.length > 0) await app.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone));
  const delivered = subscriptions.length > gone.length + failures.length;
  if (!delivered && failures.length > 0 && !lastTry)
    throw new Error(
      `no push service took the reminder: ${failures.map((failure) => (failure instanceof Response ? failure.status : String(failure))).join(', ')}`,
    );
  await app.db
    .update(reminderDeliveries)
    .set({ status: delivered ? 'sent' : 'failed' })
    .where(and(eq(reminderDeliveries.accountId, job.accountId), eq(reminderDeliveries.day, job.day)));
}
