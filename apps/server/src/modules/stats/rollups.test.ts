import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_ROLES, type DateRange, type Role } from '@portal/contract';
import { and, count, countDistinct, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { writeLegacyExport } from '../../../test/legacy-export.ts';
import { applyDownloadStats } from '../../db/download-stats.ts';
import type { Database, DatabaseHandle } from '../../db/index.ts';
import { accounts, books, downloads, files, languages, type NewDownload } from '../../db/schema.ts';
import { importLegacyExport } from '../migrate/importer.ts';
import { countDaysIn } from './rollups.ts';
import { type Clock, countByBook, countByLanguage, summary, withinDays } from './service.ts';

/** The statistics counted straight from `downloads`, as they were before the rollups (the oracle). */
async function directFigures(db: Database, clock: Clock, range: DateRange, book?: string, includeStaff = false) {
  const counted = includeStaff ? undefined : notInArray(downloads.role, [...ADMIN_ROLES]);
  const ofBook = and(book ? eq(downloads.bookName, book) : undefined, counted);
  const inRange = and(withinDays(range, clock), ofBook);
  const since = (unit: 'month' | 'year') =>
    db
      .select({ n: count() })
      .from(downloads)
      .where(
        and(
          gte(
            downloads.downloadedAt,
            sql`date_trunc(${unit}, now() at time zone ${clock.timeZone}) at time zone ${clock.timeZone}`,
          ),
          ofBook,
        ),
      );
  const [languageCounts, [readers], [thisMonth], [thisYear], bookCounts] = await Promise.all([
    db
      .select({ _id: downloads.languageName, count: count() })
      .from(downloads)
      .where(inRange)
      .groupBy(downloads.languageName)
      .orderBy(desc(count()), downloads.languageName),
    db
      .select({ n: countDistinct(downloads.accountId) })
      .from(downloads)
      .where(inRange),
    since('month'),
    since('year'),
    db
      .select({ _id: downloads.bookName, count: count() })
      .from(downloads)
      .where(counted)
      .groupBy(downloads.bookName)
      .orderBy(desc(count()), downloads.bookName),
  ]);
  return {
    languages: languageCounts,
    summary: {
      inRange: languageCounts.reduce((total, language) => total + language.count, 0),
      activeUsers: readers?.n ?? 0,
      thisMonth: thisMonth?.n ?? 0,
      thisYear: thisYear?.n ?? 0,
      topLanguage: languageCounts[0] ?? null,
    },
    books: bookCounts,
  };
}

/** The same figures from the rollups, as the statistics routes serve them. */
async function rollupFigures(db: Database, clock: Clock, range: DateRange, book?: string, includeStaff = false) {
  return {
    languages: await countByLanguage(db, { ...range, book, includeStaff }),
    summary: await summary(db, clock, { ...range, book, includeStaff }),
    books: await countByBook(db, { includeStaff }),
  };
}

async function expectRollupsEqualDirectCount(db: Database, clock: Clock, ranges: DateRange[], includeStaff = false) {
  for (const range of ranges) {
    for (const book of [undefined, 'Teevo', 'Take5']) {
      expect(await rollupFigures(db, clock, range, book, includeStaff)).toEqual(
        await directFigures(db, clock, range, book, includeStaff),
      );
    }
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

interface Row {
  book: string;
  language: string;
  /** Which of the test's accounts downloaded; null: none (a deleted account). */
  reader: number | null;
  role: Role;
  at: Date;
}
const ALL_TIME = { start: '1900-01-01', end: '9999-12-31' };

describe('the statistics rollups', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let readerIds: string[];

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    await db.insert(books).values([{ name: 'Teevo' }, { name: 'Take5' }]);
    const created = await db
      .insert(accounts)
      .values(
        [1, 2, 3, 4].map((n) => ({
          firstName: 'Reader',
          lastName: `${n}`,
          email: `r${n}@example.org`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: accounts.id });
    readerIds = created.map(({ id }) => id);
  });
  afterAll(() => handle.close());

  // Moments where days are easy to get wrong: clocks going back over midnight in Havana (the repeated hour
  // is still the previous day), Santiago's midnight that never happens, half- and three-quarter-hour
  // zones, the turn of a year, and days around today (this month and this year).
  const HOUR = 3_600_000;
  const now = Date.now();
  const tricky = [
    '2024-11-03T04:30:00Z',
    '2024-11-03T05:00:00Z',
    '2024-11-03T05:30:00Z',
    '2024-03-10T04:59:59Z',
    '2024-03-10T05:00:00Z',
    '2024-09-08T03:59:59Z',
    '2024-09-08T04:00:00Z',
    '2024-04-07T02:30:00Z',
    '2024-12-31T18:30:00Z',
    '2024-12-31T23:59:59.999Z',
    '2025-01-01T00:00:00Z',
  ].map((iso) => new Date(iso));
  const moment = fc.oneof(
    fc.constantFrom(...tricky),
    fc.integer({ min: -400 * 24, max: 48 }).map((hours) => new Date(now + hours * HOUR)),
    fc.date({ min: new Date('2023-12-25T00:00:00Z'), max: new Date('2025-01-05T00:00:00Z'), noInvalidDate: true }),
  );
  const zone = fc.constantFrom(
    'UTC',
    'America/New_York',
    'America/Havana',
    'America/Santiago',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Pacific/Chatham',
  );
  const row: fc.Arbitrary<Row> = fc.record({
    book: fc.constantFrom('Teevo', 'Take5'),
    language: fc.constantFrom('English', 'French', 'Twi'),
    reader: fc.option(fc.nat(3), { nil: null }),
    // One account downloads as a User and, promoted, as an Admin: it is a reader in both roles.
    role: fc.constantFrom<Role>('User', 'User', 'Admin', 'Super Admin'),
    at: moment,
  });
  const range = fc
    .tuple(moment, moment)
    .map(([a, b]) => (a <= b ? { start: day(a), end: day(b) } : { start: day(b), end: day(a) }));
  const toRow = (r: Row): NewDownload => ({
    accountId: r.reader === null ? null : (readerIds[r.reader] ?? null),
    bookName: r.book,
    languageName: r.language,
    year: 2024,
    month: 1,
    downloadedAt: r.at,
    role: r.role,
  });

  it('equal a direct count, with the staff or without, after inserts, a new time zone, updates and deletes, in any zone', async () => {
    await fc.assert(
      fc.asyncProperty(
        zone,
        fc.array(row, { minLength: 1, maxLength: 25 }),
        fc.array(row, { minLength: 1, maxLength: 25 }),
        row,
        fc.array(range, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (timeZone, before, after, change, ranges, includeStaff) => {
          const clock = { timeZone };
          await db.insert(downloads).values(before.map(toRow));
          await countDaysIn(db, clock);
          const added = await db.insert(downloads).values(after.map(toRow)).returning({ id: downloads.id });
          const ids = added.map(({ id }) => id);
          // A statement's rows at once, as a rename or a migration import changes them.
          const changed = ids.filter((_, i) => i % 2 === 0);
          const { accountId, bookName, languageName, downloadedAt, role } = toRow(change);
          await db.update(downloads).set({ bookName, languageName }).where(inArray(downloads.id, changed));
          await db
            .update(downloads)
            .set({ accountId, downloadedAt, role })
            .where(inArray(downloads.id, changed.slice(1)));
          await db.delete(downloads).where(
            inArray(
              downloads.id,
              ids.filter((_, i) => i % 3 === 1),
            ),
          );
          await expectRollupsEqualDirectCount(db, clock, [...ranges, ALL_TIME], includeStaff);

          await db.delete(downloads);
          expect(await rollupFigures(db, clock, ALL_TIME, undefined, true)).toEqual(
            await directFigures(db, clock, ALL_TIME, undefined, true),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('count a download in the day whose first moment in the zone is not after it', async () => {
    const havana = { timeZone: 'America/Havana' };
    await countDaysIn(db, havana);
    // 04:30 UTC on 3 November 2024 is 00:30 in Havana before the clocks go back at 01:00; 3 November begins
    // at the second midnight (05:00 UTC), so it is still 2 November.
    await db
      .insert(downloads)
      .values(toRow({ book: 'Teevo', language: 'Twi', reader: 0, role: 'User', at: tricky[0] as Date }));
    expect(await countByLanguage(db, { start: '2024-11-02', end: '2024-11-02' })).toEqual([{ _id: 'Twi', count: 1 }]);
    expect(await countByLanguage(db, { start: '2024-11-03', end: '2024-11-03' })).toEqual([]);
    await db.delete(downloads);
  });

  it('are counted again only when the time zone changes', async () => {
    await countDaysIn(db, { timeZone: 'Asia/Kolkata' });
    expect(await countDaysIn(db, { timeZone: 'Asia/Kolkata' })).toBe(false);
    expect(await countDaysIn(db, { timeZone: 'UTC' })).toBe(true);
  });

  it('keep a deleted account’s downloads, no longer among the active users, and a deleted file’s', async () => {
    const clock = { timeZone: 'UTC' };
    const [language] = await db.insert(languages).values({ name: 'English' }).returning();
    const [book] = await db.select().from(books).where(eq(books.name, 'Teevo'));
    const [file] = await db
      .insert(files)
      .values({
        bookId: book?.id as string,
        languageId: language?.id as string,
        year: 2024,
        month: 3,
        fileSize: 1,
        storageKey: 'rollups-test.pdf',
        originalName: 'Teevo_English_2024_03.pdf',
      })
      .returning();
    const [leaving] = await db
      .insert(accounts)
      .values({ firstName: 'Leaving', lastName: 'Soon', email: 'leaving@example.org', passwordHash: 'x' })
      .returning();
    const at = (iso: string, accountId: string | undefined) => ({
      accountId,
      fileId: file?.id,
      bookName: 'Teevo',
      languageName: 'English',
      year: 2024,
      month: 3,
      downloadedAt: new Date(iso),
    });
    await db
      .insert(downloads)
      .values([
        at('2024-03-01T10:00:00Z', leaving?.id),
        at('2024-03-01T11:00:00Z', leaving?.id),
        at('2024-03-01T12:00:00Z', readerIds[0]),
      ]);
    const march = { start: '2024-03-01', end: '2024-03-31' };
    expect((await summary(db, clock, march)).activeUsers).toBe(2);

    await db.delete(accounts).where(eq(accounts.id, leaving?.id as string));
    await db.delete(files).where(eq(files.id, file?.id as string));
    expect(await summary(db, clock, march)).toMatchObject({ inRange: 3, activeUsers: 1 });
    await expectRollupsEqualDirectCount(db, clock, [march, ALL_TIME]);
    await db.delete(downloads);
  });

  it('take the counting of download-stats.sql when the database records another version, and count again', async () => {
    const clock = { timeZone: 'UTC' };
    const download = (iso: string) => ({
      accountId: readerIds[1],
      bookName: 'Teevo',
      languageName: 'Twi',
      year: 2024,
      month: 5,
      downloadedAt: new Date(iso),
    });
    expect(await applyDownloadStats(db)).toBe(false);
    // An older counting that counts nothing, as a database migrated before the file changed would have.
    await db.execute(sql`create or replace function download_stats_follow() returns trigger language plpgsql as $$
      begin return null; end $$`);
    await db.execute(sql`comment on function download_stats_follow() is 'older'`);
    await db.insert(downloads).values(download('2024-05-01T10:00:00Z'));
    expect(await countByBook(db, {})).toEqual([]);

    expect(await applyDownloadStats(db)).toBe(true);
    await expectRollupsEqualDirectCount(db, clock, [ALL_TIME]);
    await db.insert(downloads).values(download('2024-05-02T10:00:00Z'));
    expect(await countByBook(db, {})).toEqual([{ _id: 'Teevo', count: 2 }]);
    await expectRollupsEqualDirectCount(db, clock, [ALL_TIME]);
    expect(await applyDownloadStats(db)).toBe(false);
    await db.delete(downloads);
  });
});

describe('the statistics rollups after a migration import', () => {
  let app: TestApp;
  let folder: string;
  const clock = { timeZone: 'Africa/Accra' };
  const june = { start: '2024-06-01', end: '2024-06-30' };
  const runImport = () =>
    importLegacyExport(app.db, app.storage, { exportFolder: folder, pdfFolder: folder, dryRun: false });

  beforeAll(async () => {
    app = await buildTestApp({ TIME_ZONE: clock.timeZone });
    folder = await mkdtemp(path.join(os.tmpdir(), 'legacy-export-'));
    await writeLegacyExport(folder);
  });
  afterAll(async () => {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('equal a direct count after the import, and after an import that moves its transactions', async () => {
    await runImport();
    expect((await summary(app.db, clock, june)).inRange).toBeGreaterThan(0);
    await expectRollupsEqualDirectCount(app.db, clock, [june, ALL_TIME]);
    // The legacy portal kept no role: a transaction takes its account's, the legacy Admin's an Admin's.
    const roles = await app.db
      .selectDistinct({ account: accounts.role, download: downloads.role })
      .from(downloads)
      .leftJoin(accounts, eq(accounts.id, downloads.accountId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { account: 'Admin', download: 'Admin' },
        { account: 'User', download: 'User' },
        { account: null, download: 'User' },
      ]),
    );
    expect(roles).toHaveLength(3);
    await expectRollupsEqualDirectCount(app.db, clock, [june, ALL_TIME], true);

    // Run again on an export whose transactions happened a month later: the import updates them.
    const transactions = path.join(folder, 'transactions.json');
    const later = (await readFile(transactions, 'utf8')).replaceAll('2024-06-01', '2024-07-01');
    await writeFile(transactions, later);
    await runImport();
    const july = { start: '2024-07-01', end: '2024-07-31' };
    expect((await summary(app.db, clock, july)).inRange).toBeGreaterThan(0);
    await expectRollupsEqualDirectCount(app.db, clock, [june, july, ALL_TIME]);
  });
});
