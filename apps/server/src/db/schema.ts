import { ROLES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    legacyId: legacyId(),
  },
  (t) => [
    index('accounts_created_at_idx').on(t.createdAt),
    index('accounts_church_id_idx').on(t.churchId),
    check('accounts_role_check', sql`${t.role} in ('Super Admin', 'Admin', 'User')`),
    // The unique key only works if every writer normalises the address the same way.
    check('accounts_email_normalised_check', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
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
  },
  (t) => [uniqueIndex('languages_name_key').on(sql`lower(${t.name})`)],
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
  },
  (t) => [
    // Language and account after the range: per-language counts and active users over a range are
    // answered from the index alone.
    index('downloads_downloaded_at_language_account_idx').on(t.downloadedAt, t.languageName, t.accountId),
    index('downloads_book_downloaded_at_language_account_idx').on(
      t.bookName,
      t.downloadedAt,
      t.languageName,
      t.accountId,
    ),
    index('downloads_account_id_downloaded_at_idx').on(t.accountId, t.downloadedAt),
    index('downloads_account_id_file_id_downloaded_at_idx').on(t.accountId, t.fileId, t.downloadedAt),
    index('downloads_file_id_idx').on(t.fileId),
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
