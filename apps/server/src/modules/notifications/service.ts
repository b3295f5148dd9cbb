import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '@portal/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import {
  accounts,
  books,
  downloads,
  editionNotices,
  files,
  languages,
  notificationDeliveries,
  settings,
} from '../../db/schema.ts';
import { digestMail, unsubscribeToken } from './mail.ts';

/** The queue that gathers a batch of first uploads into one digest, and the one that sends each member's mail. */
export const DIGEST_QUEUE = 'notify-digest';
export const SEND_QUEUE = 'notify-send';
/**
 * A mail server that fails for a while (it refuses for now, or can't be reached) is tried again with
 * growing waits from MAIL_RETRY_SECONDS, at most an hour apart, this many times: about half a day at the
 * default, before a mail counts as failed.
 */
export const SEND_RETRIES = 16;
/** Mails one instance sends at once. */
export const SEND_BATCH = 10;
/** Members whose deliveries are written, and whose mails are queued, at a time. */
const FAN_OUT_PAGE = 1000;
export const PAUSED_SETTING = 'notifications-paused';

type App = Pick<FastifyInstance, 'db' | 'jobs' | 'config' | 'mail' | 'auth' | 'log'>;

export interface SendJob {
  digestId: string;
  accountId: string;
}

/**
 * A member's edition languages (decision 041), as an array of language ids in order, for the account id
 * `account`: the ones they chose (Profile's new-edition mail) that still exist; else those of their downloads
 * that still exist, most recently downloaded first; else the language whose code is their interface's
 * (`locale`, the one the request names) or their account's locale, when editions exist in it; else the
 * portal's first language (the first added, as decision 012). The member home and the new-edition mail both
 * take it from here.
 */
export const defaultLanguageIds = (account: SQL | AnyPgColumn | string, locale: Locale | null = null) => sql`coalesce(
  nullif(array(select l.id from ${accounts} me, unnest(me.notify_languages) with ordinality chosen(id, n)
    join ${languages} l on l.id = chosen.id where me.id = ${account} order by chosen.n), '{}'),
  nullif(array(select l.id from ${downloads} d join ${languages} l on lower(l.name) = lower(d.language_name)
    where d.account_id = ${account} group by l.id order by max(d.downloaded_at) desc), '{}'),
  nullif(array(select l.id from ${languages} l
    where l.code = coalesce(${locale}::text, (select me.locale from ${accounts} me where me.id = ${account}))
      and exists (select from ${files} f where f.language_id = l.id)), '{}'),
  array(select id from ${languages} order by created_at, name limit 1))`;

/** In the upload's transaction: an edition that had no file is new, and waits to be told. */
export async function noteNewEdition(tx: Pick<Database, 'insert'>, fileId: string) {
  await tx.insert(editionNotices).values({ fileId }).onConflictDoNothing();
}

/** The next time it is `hour`:00 in `timeZone`, after `from`. */
export function nextHour(hour: number, timeZone: string, from: Date): Date {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const quarter = 15 * 60_000;
  // Every zone's hours begin on a quarter hour of UTC.
  for (let at = Math.ceil((from.getTime() + 1) / quarter) * quarter; ; at += quarter) {
    const [h, m] = parts.format(at).split(':').map(Number);
    if (h === hour && m === 0) return new Date(at);
  }
}

/** When the waiting editions are told: a delay after the last upload, or the set hour. */
function dueAt(config: App['config'], lastUpload: Date, now: Date): Date {
  if (config.notify.hour !== undefined) return nextHour(config.notify.hour, config.timeZone, lastUpload);
  return new Date(Math.max(now.getTime(), lastUpload.getTime() + config.notify.delayMinutes * 60_000));
}

/**
 * After an upload, and at start: the digest runs at once when one was stopped half-way, else at the time
 * the waiting editions are due, if any wait.
 */
export async function scheduleDigest(app: Pick<App, 'db' | 'jobs' | 'config'>) {
  const [state] = await app.db
    .select({
      last: sql<string | null>`max(${editionNotices.createdAt}) filter (where ${editionNotices.digestId} is null)`,
      unfinished: sql<boolean>`coalesce(bool_or(${editionNotices.digestId} is not null and ${editionNotices.queuedAt} is null), false)`,
    })
    .from(editionNotices);
  if (state?.unfinished) await digestAt(app, new Date());
  else if (state?.last) await digestAt(app, dueAt(app.config, new Date(state.last), new Date()));
}

/** The one waiting digest run moves to `when` (each upload moves it later), or is made for then. */
const digestAt = (app: Pick<App, 'jobs'>, when: Date) =>
  app.jobs.upsert(DIGEST_QUEUE, {}, { singletonKey: 'digest', startAfter: when });

/**
 * The digest's run: when the last upload is old enough (or the hour has come), every waiting edition goes
 * into one digest; then every digest not yet fanned out has its deliveries written and its mails queued, a
 * page of members at a time. A run stopped half-way is run again: writes already made are skipped.
 */
export async function runDigest(app: App) {
  const [waiting] = await app.db
    .select({ last: sql<string | null>`max(${editionNotices.createdAt})` })
    .from(editionNotices)
    .where(isNull(editionNotices.digestId));
  if (waiting?.last) {
    const due = dueAt(app.config, new Date(waiting.last), new Date());
    if (due.getTime() > Date.now() + 1000) await digestAt(app, due);
    else await app.db.update(editionNotices).set({ digestId: randomUUID() }).where(isNull(editionNotices.digestId));
  }
  const digests = await app.db
    .selectDistinct({ digestId: editionNotices.digestId })
    .from(editionNotices)
    .where(and(isNotNull(editionNotices.digestId), isNull(editionNotices.queuedAt)));
  for (const digest of digests) {
    const digestId = digest.digestId as string;
    await fanOut(app, digestId);
    await app.db.update(editionNotices).set({ queuedAt: new Date() }).where(eq(editionNotices.digestId, digestId));
  }
}

async function fanOut(app: App, digestId: string) {
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const page = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.notifyEditions, true), isNotNull(accounts.verifiedAt), gt(accounts.id, after)))
      .orderBy(asc(accounts.id))
      .limit(FAN_OUT_PAGE);
    if (page.length === 0) return;
    after = page.at(-1)?.id as string;
    const ids = page.map(({ id }) => id);
    // Each member, each new edition of a book and a language they chose: at most once (the table's key).
    await app.db.execute(sql`
      insert into ${notificationDeliveries} (account_id, file_id, digest_id)
      select a.id, f.id, ${digestId}
      from ${accounts} a
      join ${editionNotices} n on n.digest_id = ${digestId}
      join ${files} f on f.id = n.file_id
      where a.id in ${ids}
        and f.language_id = any(${defaultLanguageIds(sql`a.id`)})
        and (a.notify_books is null or f.book_id = any(a.notify_books))
      on conflict do nothing`);
    await queueSends(
      app,
      and(eq(notificationDeliveries.digestId, digestId), inArray(notificationDeliveries.accountId, ids)),
    );
    // A long fan-out on the embedded database leaves room for requests between its pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A mail job for each member with queued deliveries among those `where` picks; one per member and digest. */
export async function queueSends(app: Pick<App, 'db' | 'jobs'>, where: ReturnType<typeof and>) {
  const members = await app.db
    .selectDistinct({ digestId: notificationDeliveries.digestId, accountId: notificationDeliveries.accountId })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.status, 'queued'), where));
  if (members.length === 0) return;
  await app.jobs.insert(
    SEND_QUEUE,
    members.map((member) => ({ data: member, singletonKey: `${member.digestId}:${member.accountId}` })),
  );
}

export async function notificationsPaused(db: Database) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, PAUSED_SETTING));
  return row?.value === 'true';
}

/** Waits for this mail's turn under MAIL_RATE_PER_MINUTE, shared by every instance through one row. */
async function pace(app: App) {
  const rate = app.config.notify.ratePerMinute;
  if (!rate) return;
  const spacing = 60_000 / rate;
  const result = await app.db.execute(sql`
    update mail_pacer set next_at = greatest(next_at, now()) + ${spacing} * interval '1 millisecond'
    returning extract(epoch from (next_at - now())) * 1000 - ${spacing} as wait`);
  const wait = Number((result as unknown as { rows: { wait: number }[] }).rows[0]?.wait ?? 0);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * One member's mail of one digest: the editions still queued for them, in one message. The deliveries are
 * marked sent as soon as the mail server has taken it; a failure is written on them and the job is tried
 * again, until its last try marks them failed.
 */
export async function sendDigestMail(app: App, { digestId, accountId }: SendJob, lastTry: boolean) {
  if (await notificationsPaused(app.db)) return;
  const mine = and(
    eq(notificationDeliveries.digestId, digestId),
    eq(notificationDeliveries.accountId, accountId),
    eq(notificationDeliveries.status, 'queued'),
  );
  const editions = await app.db
    .select({
      fileId: files.id,
      book: books.name,
      language: languages.name,
      year: files.year,
      month: files.month,
    })
    .from(notificationDeliveries)
    .innerJoin(files, eq(files.id, notificationDeliveries.fileId))
    .innerJoin(books, eq(books.id, files.bookId))
    .innerJoin(languages, eq(languages.id, files.languageId))
    .where(mine)
    .orderBy(asc(books.name), asc(languages.name));
  if (editions.length === 0) return;
  const [member] = await app.db
    .select({
      email: accounts.email,
      name: accounts.firstName,
      locale: accounts.locale,
      wants: accounts.notifyEditions,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!member?.wants) {
    // Unsubscribed since the digest was made: nothing is sent, nothing is owed.
    await app.db.delete(notificationDeliveries).where(mine);
    return;
  }
  await pace(app);
  const attempted = { attempts: sql`${notificationDeliveries.attempts} + 1` };
  try {
    await app.mail.send(
      digestMail({
        to: { email: member.email, name: member.name, locale: member.locale ?? DEFAULT_LOCALE },
        editions,
        publicUrl: app.config.publicUrl,
        token: unsubscribeToken(accountId, digestId, app.auth.secret),
        messageId: `<${digestId}.${accountId}@${new URL(app.config.publicUrl).hostname}>`,
      }),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A 5xx answer (no such mailbox, say) will be the same next time; anything else may pass later.
    const code = Number((error as { responseCode?: unknown }).responseCode);
    const final = lastTry || (code >= 500 && code < 600);
    await app.db
      .update(notificationDeliveries)
      .set({ ...attempted, error: reason.slice(0, 500), status: final ? 'failed' : 'queued' })
      .where(mine);
    if (final) return;
    throw error;
  }
  await app.db
    .update(notificationDeliveries)
    .set({ ...attempted, status: 'sent', error: null })
    .where(mine);
}
