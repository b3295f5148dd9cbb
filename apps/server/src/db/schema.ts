import { type Locale, ROLES } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bit,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const tokenPurposes = ['verify-email', 'reset-password'] as const;
export type TokenPurpose = (typeof tokenPurposes)[number];

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Id of the record in the legacy MongoDB export, so that re-running the import changes nothing. */
const legacyId = () => text('legacy_id').unique();

export const countries = pgTable('countries', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const churches = pgTable(
  'churches',
  {
    id: id(),
    name: text('name').notNull(),
    // Free text rather than a foreign key: the country list can be re-uploaded without touching churches.
    country: text('country').notNull(),
    allocation: integer('allocation').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    legacyId: legacyId(),
  },
  (t) => [
    uniqueIndex('churches_country_name_key').on(t.country, sql`lower(${t.name})`),
    // The user list's search finds accounts by their church's name (pg_trgm, as accounts_search_text_idx).
    index('churches_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('churches_allocation_check', sql`${t.allocation} >= 0`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    // argon2id, or bcrypt for legacy accounts until their first sign-in.
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('User'),
    churchId: uuid('church_id').references(() => churches.id, { onDelete: 'set null' }),
    country: text('country'),
    address: text('address'),
    isMember: boolean('is_member').notNull().default(true),
    acceptTerms: boolean('accept_terms').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // Null until the first change; tokens issued before a change can be refused.
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    // The language the person chose for the portal and its mails (decision 028); null until they choose one.
    locale: text('locale').$type<Locale>(),
    /** Whether the member is mailed when a new edition is out (issue 18); off unless they ask. */
    notifyEditions: boolean('notify_editions').notNull().default(false),
    /** The books those mails are about; null: every book. */
    notifyBooks: uuid('notify_books').array(),
    /** The languages those mails are about; null until first chosen, when the portal picks them (decision 034). */
    notifyLanguages: uuid('notify_languages').array(),
    /**
     * The mail (its digest) whose unsubscribe link stopped those mails, while that stop stands: that link's
     * Undo turns them on again, no other link's; Profile clears it (decision 034).
     */
    notifyStoppedBy: uuid('notify_stopped_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    legacyId: legacyId(),
    /**
     * What the user list's search looks in, lowercased once: names, e-mail and country, one space apart. A
     * search word holds no space, so it is in this text exactly when it is in one of the fields.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${accounts.firstName} || ' ' || ${accounts.lastName} || ' ' || ${accounts.email} || ' ' || coalesce(${accounts.country}, ''))`,
    ),
  },
  (t) => [
    // The user list's default order, id breaking ties: a page deep in the list is found in the index alone.
    index('accounts_created_at_id_idx').on(t.createdAt, t.id),
    index('accounts_church_id_idx').on(t.churchId),
    // Trigrams (pg_trgm) answer the user list's `like '%word%'` without reading every account.
    index('accounts_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('accounts_role_check', sql`${t.role} in ('Super Admin', 'Admin', 'User')`),
    // The unique key only works if every writer normalises the address the same way.
    check('accounts_email_normalised_check', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/**
 * One row kept by triggers (migration 0005): how many accounts there are, without counting them on every page
 * of the user list, and a version that every write to accounts or churches replaces, so that a total counted
 * for a search can be used again until the accounts change.
 */
export const accountListState = pgTable(
  'account_list_state',
  { accounts: integer('accounts').notNull(), version: uuid('version').notNull() },
  () => [uniqueIndex('account_list_state_one_row').on(sql`(true)`)],
);

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_account_id_idx').on(t.accountId),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('verify-email', 'reset-password')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    // All tokens descending from one sign-in; reuse of a rotated token revokes the whole family.
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdByIp: text('created_by_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('refresh_tokens_account_id_idx').on(t.accountId), index('refresh_tokens_family_id_idx').on(t.familyId)],
);

export const languages = pgTable(
  'languages',
  {
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    legacyId: legacyId(),
    /** Its ISO 639 code (`sw`), null until given one: a member's interface language finds its editions by it (decision 041). */
    code: text('code'),
  },
  (t) => [uniqueIndex('languages_name_key').on(sql`lower(${t.name})`), uniqueIndex('languages_code_key').on(t.code)],
);

export const books = pgTable(
  'books',
  {
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('books_name_key').on(sql`lower(${t.name})`)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, the embedded database a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/** A book's cover, as the cards show it: the uploaded image resized once (decision 022). */
export const bookCovers = pgTable('book_covers', {
  bookId: uuid('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  /** Names this image in its address, so it can be cached for good. */
  hash: text('hash').notNull(),
  image: bytea('image').notNull(),
  updatedAt: updatedAt(),
});

/** An edition: the one current PDF of a book in a language for a month. */
export const files = pgTable(
  'files',
  {
    id: id(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    languageId: uuid('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    // Generated name in the file store, never a client-chosen path.
    storageKey: text('storage_key').notNull().unique(),
    mimeType: text('mime_type').notNull().default('application/pdf'),
    originalName: text('original_name').notNull(),
    sha256: text('sha256'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    legacyId: legacyId(),
  },
  (t) => [
    uniqueIndex('files_edition_key').on(t.bookId, t.languageId, t.year, t.month),
    index('files_book_year_month_idx').on(t.bookId, t.year, t.month),
    index('files_language_id_idx').on(t.languageId),
    index('files_created_at_idx').on(t.createdAt),
    check('files_month_check', sql`${t.month} between 1 and 12`),
  ],
);

/** Download transactions; names are copied so that statistics survive deleted files and accounts. */
export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    bookName: text('book_name').notNull(),
    languageName: text('language_name').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
    legacyId: legacyId(),
    /**
     * The account's role when it downloaded: the statistics leave the staff's downloads out unless asked
     * (decision 026). Downloads from before it was recorded, and those of no account, count as a User's.
     */
    role: text('role', { enum: ROLES }).notNull().default('User'),
  },
  (t) => [
    // The statistics read the rollups below; these serve the lists of downloads, one account's figures,
    // the 10-minute duplicate check and the foreign key from files.
    index('downloads_downloaded_at_idx').on(t.downloadedAt),
    index('downloads_account_id_downloaded_at_idx').on(t.accountId, t.downloadedAt),
    index('downloads_account_id_file_id_downloaded_at_idx').on(t.accountId, t.fileId, t.downloadedAt),
    index('downloads_file_id_idx').on(t.fileId),
    check('downloads_role_check', sql`${t.role} in ('Super Admin', 'Admin', 'User')`),
  ],
);

/**
 * The bytes each account has been sent of each edition lately, in the requests' order or any other: they count
 * as one download once they reach PROBE_BYTES (decision 003). A run of bytes lasts while they keep coming; ten
 * minutes without any start a new one. No foreign keys: a row outlives its last bytes by ten minutes at most,
 * and one left by a deleted account or file counts nothing.
 */
export const downloadProgress = pgTable(
  'download_progress',
  {
    accountId: uuid('account_id').notNull(),
    fileId: uuid('file_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Whether this run of bytes has been counted as a download. */
    counted: boolean('counted').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.fileId] }), index('download_progress_last_at_idx').on(t.lastAt)],
);

/*
 * Rollups of `downloads` for the statistics, kept by its triggers on every insert, update and delete
 * (migration 0004, decision 016). A row covers a span: one day, or one whole month, of days counted whole
 * in `download_stats_zone`'s time zone. A range of days reads its whole months and the days around them.
 */

/** The columns both rollups' keys begin with: a span of days, from its first day, of a book. */
const spanOfBook = () => ({
  span: text('span', { enum: ['day', 'month'] }).notNull(),
  firstDay: date('first_day').notNull(),
  bookName: text('book_name').notNull(),
});
/** The role the downloads were made in, last in both rollups' keys (migration 0007). */
const downloadRole = () => text('role', { enum: ROLES }).notNull();
const spanCheck = (table: string, span: AnyPgColumn) => check(`${table}_span_check`, sql`${span} in ('day', 'month')`);

/** The one time zone the rollups' days are counted in; a server with another TIME_ZONE rebuilds them. */
export const downloadStatsZone = pgTable('download_stats_zone', { timeZone: text('time_zone').notNull() }, () => [
  uniqueIndex('download_stats_zone_one_row').on(sql`(true)`),
]);

/** Downloads per span, book, language and role. */
export const downloadCounts = pgTable(
  'download_counts',
  {
    ...spanOfBook(),
    languageName: text('language_name').notNull(),
    role: downloadRole(),
    downloads: integer('downloads').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.firstDay, t.bookName, t.languageName, t.role] }),
    spanCheck('download_counts', t.span),
  ],
);

/** Each account that ever downloaded, numbered 1, 2, 3...: its bit in `download_readers`. */
export const downloadReaderNumbers = pgTable('download_reader_numbers', {
  accountId: uuid('account_id').primaryKey(),
  number: integer('number').notNull().generatedAlwaysAsIdentity(),
});

/** Bits per account in a chunk of reader numbers. */
const READERS_PER_CHUNK = 4096;

/**
 * Who downloaded a book in a span, in a role: bit `number % 4096` of chunk `number / 4096` is set for each
 * account that did. Distinct readers over several spans (and roles) are the set bits of each chunk's OR.
 */
export const downloadReaders = pgTable(
  'download_readers',
  {
    ...spanOfBook(),
    chunk: integer('chunk').notNull(),
    role: downloadRole(),
    readers: bit('readers', { dimensions: READERS_PER_CHUNK }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.firstDay, t.bookName, t.chunk, t.role] }),
    spanCheck('download_readers', t.span),
  ],
);

export const migrationReports = pgTable('migration_reports', {
  id: id(),
  createdAt: createdAt(),
  dryRun: boolean('dry_run').notNull(),
  report: jsonb('report').notNull(),
  createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
});

export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type AccountToken = typeof accountTokens.$inferSelect;
export type NewAccountToken = typeof accountTokens.$inferInsert;
export type RefreshToken = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;
export type Country = typeof countries.$inferSelect;
export type NewCountry = typeof countries.$inferInsert;
export type Church = typeof churches.$inferSelect;
export type NewChurch = typeof churches.$inferInsert;
export type Language = typeof languages.$inferSelect;
export type NewLanguage = typeof languages.$inferInsert;
export type Book = typeof books.$inferSelect;
export type NewBook = typeof books.$inferInsert;
export type FileRecord = typeof files.$inferSelect;
export type NewFileRecord = typeof files.$inferInsert;
export type Download = typeof downloads.$inferSelect;
export type NewDownload = typeof downloads.$inferInsert;
export type MigrationReport = typeof migrationReports.$inferSelect;
export type NewMigrationReport = typeof migrationReports.$inferInsert;

/**
 * Values the portal makes once and every instance reads: the token secret when JWT_SECRET is unset, so
 * that each instance accepts the others' sessions (migration 0009).
 */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * An edition's first upload, waiting to be told to the members who asked (decision 034). A digest takes every
 * waiting edition at once, by writing its id on them, and mails them together.
 */
export const editionNotices = pgTable(
  'edition_notices',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    digestId: uuid('digest_id'),
    createdAt: createdAt(),
    /** When every member of the digest had their mail queued. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [index('edition_notices_digest_id_idx').on(t.digestId)],
);

export const deliveryStatuses = ['queued', 'sent', 'failed'] as const;

/** One member told of one edition: at most once, whatever restarts or retries happen (its key). */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    digestId: uuid('digest_id').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed, as the mail server said it. */
    error: text('error'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.fileId] }),
    index('notification_deliveries_digest_id_account_id_idx').on(t.digestId, t.accountId),
    index('notification_deliveries_file_id_status_idx').on(t.fileId, t.status),
    check('notification_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/** When the next mail may go, for MAIL_RATE_PER_MINUTE: one row every instance takes its turn from. */
export const mailPacer = pgTable(
  'mail_pacer',
  { nextAt: timestamp('next_at', { withTimezone: true }).notNull() },
  () => [uniqueIndex('mail_pacer_one_row').on(sql`(true)`)],
);

/** How an edition's day map was found (decision 050): its pages' date headings, an admin, or not at all. */
export const daySources = ['headings', 'admin', 'none'] as const;

/**
 * Where each day of an edition's month begins, once its PDF has been read (issue 33, decision 050). No row:
 * not read yet (a new or replaced file waits for its job).
 */
export const editionDays = pgTable(
  'edition_days',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    source: text('source', { enum: daySources }).notNull(),
    /** Day -> first page, days in order. */
    days: jsonb('days').$type<{ day: number; page: number }[]>().notNull(),
    /** Null until the PDF has been read (an admin may set the days first). */
    pageCount: integer('page_count'),
    /** The PDF has pages but no text on any: a scan. */
    scanned: boolean('scanned').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('edition_days_source_check', sql`${t.source} in ('headings', 'admin', 'none')`)],
);

/** A PostgreSQL text-search configuration's name (`english`, `simple`), and a document's words as one indexes them. */
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text of each page of an edition, as its PDF gives it (issue 33), with its words as the search finds them:
 * stemmed by its language's configuration (`searchConfigOf`, set when the page is stored), kept and indexed so
 * that a search reads the pages that have the words, not every page (decision 059).
 */
export const editionPages = pgTable(
  'edition_pages',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    text: text('text').notNull(),
    searchConfig: regconfig('search_config').notNull().default(sql`'simple'::regconfig`),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector(search_config, text)`),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.page] }), index('edition_pages_search_idx').using('gin', t.search)],
);

/**
 * A member's daily reminder (issue 33, point 4; decision 061): the minute of the day it comes at, in the time zone
 * of the browser that turned it on. `since` is when it was set: a day's reminder goes only if its moment came
 * after, so turning it on at 20:00 for 7:00 waits for tomorrow.
 */
export const reminders = pgTable(
  'reminders',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    minute: integer('minute').notNull(),
    timeZone: text('time_zone').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reminders_minute_check', sql`${t.minute} between 0 and 1439`)],
);

/** Where a member's browsers take Web Push messages (RFC 8030), each by its push service's address. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_account_id_idx').on(t.accountId)],
);

/** One member reminded on one day of their time zone: at most once, whatever restarts or instances (its key). */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('queued'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day] }),
    check('reminder_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);
