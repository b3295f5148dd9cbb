import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import { integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, createTestDatabase } from '../../test/database.ts';
import { type DatabaseHandle, openDatabase } from './index.ts';
import { accounts, books, churches, countries, languages } from './schema.ts';
import { initialAdminPasswordFile, seed } from './seed.ts';

const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', { id: integer('id') });
const informationSchemaTables = pgSchema('information_schema').table('tables', {
  tableSchema: text('table_schema'),
  tableName: text('table_name'),
});

const journal = JSON.parse(
  await readFile(path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(drizzleMigrations);
  return row?.n ?? 0;
}

/** Drizzle wraps driver errors; the PostgreSQL error code is on the cause. */
async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string })).code;
  }
  return undefined;
}

async function expectRestartKeepsData(open: () => Promise<DatabaseHandle>): Promise<void> {
  const first = await open();
  expect(await appliedMigrations(first)).toBe(journal.entries.length);
  await first.db.insert(languages).values({ name: 'English' });
  await first.close();

  const second = await open();
  try {
    expect(await appliedMigrations(second)).toBe(journal.entries.length);
    expect(await second.db.select({ name: languages.name }).from(languages)).toEqual([{ name: 'English' }]);
  } finally {
    await second.close();
  }
}

describe('openDatabase', () => {
  it('applies the migrations to a fresh database', async () => {
    const handle = await createTestDatabase();
    try {
      expect(await handle.check()).toBe('up');
      const tables = await handle.db
        .select({ name: informationSchemaTables.tableName })
        .from(informationSchemaTables)
        .where(eq(informationSchemaTables.tableSchema, 'public'));
      expect(tables.map((t) => t.name).sort()).toEqual([
        'account_list_state',
        'account_tokens',
        'accounts',
        'book_covers',
        'books',
        'churches',
        'countries',
        'download_counts',
        'download_progress',
        'download_reader_numbers',
        'download_readers',
        'download_stats_zone',
        'downloads',
        'edition_days',
        'edition_notices',
        'edition_pages',
        'files',
        'languages',
        'mail_pacer',
        'migration_reports',
        'notification_deliveries',
        'push_subscriptions',
        'refresh_tokens',
        'reminder_deliveries',
        'reminders',
        'settings',
      ]);
    } finally {
      await handle.close();
    }
  });

  it('keeps the data and applies nothing when PGlite reopens its folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-db-'));
    try {
      await expectRestartKeepsData(() => openDatabase({ dataDir }));
      expect((await stat(path.join(dataDir, 'db'))).isDirectory()).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('keeps the data and applies nothing when PostgreSQL reconnects', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL as string);
    try {
      await expectRestartKeepsData(() => openDatabase({ databaseUrl: scratch.url }));
    } finally {
      await scratch.drop();
    }
  });

  it('reports an unreachable server clearly, without the password', async () => {
    const attempt = openDatabase({ databaseUrl: 'postgres://portal:s3cret@127.0.0.1:1/portal' });
    await expect(attempt).rejects.toThrow(
      /^Cannot connect to PostgreSQL at postgres:\/\/portal:\*\*\*@127\.0\.0\.1:1\/portal: .*ECONNREFUSED/,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });
});

describe('schema constraints', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    await handle.close();
  });

  it('rejects a language name that differs only in case', async () => {
    await handle.db.insert(languages).values({ name: 'French' });
    expect(await errorCode(handle.db.insert(languages).values({ name: 'FRENCH' }))).toBe('23505');
  });

  it('rejects a second church of the same name in one country, in any case', async () => {
    await handle.db.insert(churches).values({ name: 'Grace', country: 'Ghana' });
    await handle.db.insert(churches).values({ name: 'Grace', country: 'Kenya' });
    expect(await errorCode(handle.db.insert(churches).values({ name: 'GRACE', country: 'Ghana' }))).toBe('23505');
  });

  it('rejects an e-mail address that was not normalised', async () => {
    const account = { firstName: 'A', lastName: 'B', passwordHash: 'x' };
    expect(await errorCode(handle.db.insert(accounts).values({ ...account, email: 'Pastor@Grace.church' }))).toBe(
      '23514',
    );
  });
});

describe('seed', () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  beforeEach(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-seed-'));
  });
  afterEach(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function counts() {
    const [bookCount] = await handle.db.select({ n: count() }).from(books);
    const [countryCount] = await handle.db.select({ n: count() }).from(countries);
    const superAdmins = await handle.db
      .select({ email: accounts.email, verifiedAt: accounts.verifiedAt })
      .from(accounts)
      .where(eq(accounts.role, 'Super Admin'));
    return { books: bookCount?.n, countries: countryCount?.n, superAdmins };
  }

  it('adds Teevo before Take5, and migration 0003 orders portals seeded with one time for both', async () => {
    await seed(handle.db, { dataDir });
    const firstAdded = async () =>
      (
        await handle.db.select({ name: books.name }).from(books).orderBy(asc(books.createdAt), asc(books.name)).limit(1)
      )[0]?.name;
    expect(await firstAdded()).toBe('Teevo');
    await handle.db.update(books).set({ createdAt: new Date('2025-01-01T00:00:00Z') });
    const migration = await readFile(
      path.resolve(import.meta.dirname, '../../drizzle/0003_first-book-first.sql'),
      'utf8',
    );
    await handle.db.execute(sql.raw(migration));
    expect(await firstAdded()).toBe('Teevo');
  });

  it('is idempotent and hands over a generated admin password once', async () => {
    const passwordFile = path.join(dataDir, initialAdminPasswordFile);
    const first = await seed(handle.db, { dataDir });
    const generatedPassword = first.admin?.generatedPassword ?? '';
    expect(first.admin?.email).toBe('admin@example.com');
    expect(generatedPassword.length).toBeGreaterThanOrEqual(16);
    expect(await readFile(passwordFile, 'utf8')).toBe(`${generatedPassword}\n`);
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    const afterFirst = await counts();
    await rm(passwordFile);

    expect(await seed(handle.db, { dataDir })).toEqual({});
    expect(await counts()).toEqual(afterFirst);
    await expect(stat(passwordFile)).rejects.toThrow(/ENOENT/);

    expect(afterFirst.books).toBe(2);
    expect(afterFirst.countries).toBeGreaterThanOrEqual(245);
    expect(afterFirst.superAdmins).toHaveLength(1);
    expect(afterFirst.superAdmins[0]?.verifiedAt).toBeInstanceOf(Date);
    const countryNames = (await handle.db.select({ name: countries.name }).from(countries)).map((c) => c.name);
    expect(countryNames).toContain('Ghana');
    expect(countryNames).toEqual([...countryNames].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('creates the configured Super Admin without writing a password file', async () => {
    const result = await seed(handle.db, {
      dataDir,
      admin: { email: ' Pastor@Grace.Church ', password: 'long enough' },
    });
    expect(result).toEqual({ admin: { email: 'pastor@grace.church' } });
    expect((await counts()).superAdmins.map((a) => a.email)).toEqual(['pastor@grace.church']);
    await expect(stat(path.join(dataDir, initialAdminPasswordFile))).rejects.toThrow(/ENOENT/);
  });
});
