/**
 * Statistics at scale: seeds 3,000,000 downloads over 3 years (60 languages, 2 books, 50,000 accounts, of which
 * 20 Admins make 1 in 200 downloads, which the statistics leave out), times
 * counting them into the rollups (migration 0004's back-fill, a new TIME_ZONE) and then the per-language count and the dashboard's summary for a month, a year and all time, read from the
 * rollups, beside the same figures counted directly from a copy of the table with the covering indexes of
 * migration 0003 (the design before the rollups), in the same run, rounds interleaved. Every answer is
 * checked against the direct count. Then the cost of a single-row insert into each table: with the
 * rollups' triggers and the indexes of 0004, and with 0003's indexes and no triggers.
 * Run: node bench/stats.ts            (embedded PGlite, in a temporary folder)
 *      DATABASE_URL=postgres://... node bench/stats.ts   (a fresh database is created on that server and dropped)
 * DOWNLOADS sets the number of downloads.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { countDaysIn } from '../apps/server/src/modules/stats/rollups.ts';
import { countByLanguage, summary } from '../apps/server/src/modules/stats/service.ts';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { percentile } from './lib.ts';

const DOWNLOADS = Number(process.env.DOWNLOADS ?? 3_000_000);
const ACCOUNTS = 50_000;
/** The first accounts are Admins, who make one download in STAFF_SHARE. */
const STAFF = 20;
const STAFF_SHARE = 200;
const BATCH = 500_000;
const RUNS = 15;
const INSERT_ROUNDS = 6;
const INSERTS_PER_ROUND = 300;

const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
const dataDir = scratch ? undefined : await mkdtemp(path.join(os.tmpdir(), 'portal-bench-stats-'));
const handle = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
const { db } = handle;
// Not UTC, as the migration counts: the server's start rebuilds the rollups in this zone.
const clock = { timeZone: 'America/New_York' };
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs each measure `runs` times, taking turns: p50 and p99 (ms) of each, and each one's last answer. */
async function interleaved<T>(runs: number, measures: (() => Promise<T>)[]) {
  const times = measures.map(() => [] as number[]);
  const answers: T[] = [];
  for (let run = 0; run < runs; run++) {
    for (const [i, measure] of measures.entries()) {
      const begin = performance.now();
      answers[i] = await measure();
      times[i]?.push(performance.now() - begin);
    }
  }
  return times.map((t, i) => ({ p50: percentile(t, 0.5), p99: percentile(t, 0.99), answer: answers[i] as T }));
}

/**
 * Migration 0003's statistics, counted from the copy that keeps its covering indexes (the reference), the
 * role added to them: the members' downloads alone, as the statistics count by default.
 */
const direct = {
  within: (start: string, end: string) =>
    sql`downloaded_at >= (${start}::date)::timestamp at time zone ${clock.timeZone}
        and downloaded_at < (${end}::date + 1)::timestamp at time zone ${clock.timeZone}
        and role = 'User'`,
  since: (unit: 'month' | 'year') =>
    sql`downloaded_at >= date_trunc(${unit}, now() at time zone ${clock.timeZone}) at time zone ${clock.timeZone}
        and role = 'User'`,
  async languages(book: string, start: string, end: string) {
    const result = await db.execute(sql`
      select language_name as "_id", count(*)::int as count from downloads_0003
      where book_name = ${book} and ${direct.within(start, end)}
      group by language_name order by count(*) desc, language_name`);
    return rows<{ _id: string; count: number }>(result);
  },
  async count(where: SQL) {
    const result = await db.execute(sql`select count(*)::int as n from downloads_0003 where ${where}`);
    return rows<{ n: number }>(result)[0]?.n ?? 0;
  },
  async summary(book: string, start: string, end: string) {
    const ofBook = sql`book_name = ${book}`;
    const [languages, readers, thisMonth, thisYear] = await Promise.all([
      direct.languages(book, start, end),
      db.execute(sql`
        select count(distinct account_id)::int as n from downloads_0003 where ${ofBook} and ${direct.within(start, end)}`),
      direct.count(sql`${ofBook} and ${direct.since('month')}`),
      direct.count(sql`${ofBook} and ${direct.since('year')}`),
    ]);
    return {
      inRange: languages.reduce((total, language) => total + language.count, 0),
      activeUsers: rows<{ n: number }>(readers)[0]?.n ?? 0,
      thisMonth,
      thisYear,
      topLanguage: languages[0] ?? null,
    };
  },
};

async function sizeMb(relation: string, part: 'table' | 'indexes') {
  const size =
    part === 'table' ? sql`pg_table_size(${relation}::regclass)` : sql`pg_indexes_size(${relation}::regclass)`;
  const result = await db.execute(sql`select (${size} / 1048576.0)::float as mb`);
  return rows<{ mb: number }>(result)[0]?.mb.toFixed(0) ?? '?';
}

try {
  console.log(`Database: ${handle.kind}. Seeding ${DOWNLOADS.toLocaleString()} downloads...`);
  let since = performance.now();
  await db.execute(sql`insert into books (name) values ('Teevo'), ('Take5')`);
  await db.execute(sql`
    insert into accounts (first_name, last_name, email, password_hash, verified_at, role)
    select 'User', i::text, 'user' || i || '@bench.example', 'x', now(), case when i <= ${STAFF} then 'Admin' else 'User' end
    from generate_series(1, ${ACCOUNTS}) as i`);
  // Without the rollups' triggers: the rebuild below counts every download, as migration 0004 does on a
  // portal that has them.
  await db.execute(sql`alter table downloads disable trigger user`);
  for (let first = 1; first <= DOWNLOADS; first += BATCH) {
    await db.execute(sql`
      insert into downloads (account_id, book_name, language_name, year, month, downloaded_at, role)
      select case when staff then ids.list[1 + (i / ${STAFF_SHARE}) % ${STAFF}]
                  else ids.list[${STAFF + 1} + floor(random() * ${ACCOUNTS - STAFF}::int)::int] end,
             case when (i / 60) % 3 = 0 then 'Take5' else 'Teevo' end,
             'Language ' || (i % 60),
             extract(year from t)::int, extract(month from t)::int, t,
             case when staff then 'Admin' else 'User' end
      from (select array_agg(id order by last_name::int) as list from accounts) as ids,
           generate_series(${first}::int, ${Math.min(first + BATCH - 1, DOWNLOADS)}::int) as i,
           lateral (select i % ${STAFF_SHARE} = 0 as staff) as s,
           lateral (select now() - (random() * interval '1095 days') + (i * interval '0 seconds') as t) as d`);
  }
  await db.execute(sql`alter table downloads enable trigger user`);
  console.log(`Seeded in ${seconds(since)}`);

  since = performance.now();
  await countDaysIn(db, clock);
  console.log(`Rollups counted in ${clock.timeZone} days (migration 0004, a new TIME_ZONE) in ${seconds(since)}`);

  since = performance.now();
  await db.execute(sql`create table downloads_0003 (like downloads including defaults)`);
  await db.execute(sql`insert into downloads_0003 select * from downloads`);
  await db.execute(sql`
    alter table downloads_0003 add primary key (id), add unique (legacy_id),
      add foreign key (account_id) references accounts (id) on delete set null,
      add foreign key (file_id) references files (id) on delete set null`);
  for (const columns of [
    'downloaded_at, language_name, account_id, role',
    'book_name, downloaded_at, language_name, account_id, role',
    'account_id, downloaded_at',
    'account_id, file_id, downloaded_at',
    'file_id',
  ]) {
    await db.execute(sql.raw(`create index on downloads_0003 (${columns})`));
  }
  await db.execute(sql`vacuum analyze`);
  console.log(`Reference copy with migration 0003's indexes built in ${seconds(since)}\n`);

  console.log('MB                          table  indexes');
  for (const relation of ['downloads', 'downloads_0003', 'download_counts', 'download_readers']) {
    console.log(
      `${relation.padEnd(26)} ${(await sizeMb(relation, 'table')).padStart(6)}  ${(await sizeMb(relation, 'indexes')).padStart(7)}`,
    );
  }

  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const today = new Date();
  const end = iso(today);
  const ranges = [
    ['a month', iso(new Date(today.getTime() - 30 * 86_400_000))],
    ['a year', iso(new Date(today.getTime() - 365 * 86_400_000))],
    ['all time', '2000-01-01'],
  ] as const;
  const book = 'Teevo';

  // Each Search on the dashboard asks for both: the table and charts, and the summary cards.
  const measures = [
    [
      'per-language count (Teevo)',
      (start: string) => () => countByLanguage(db, { book, start, end }),
      (start: string) => () => direct.languages(book, start, end),
    ],
    [
      'dashboard summary (Teevo)',
      (start: string) => () => summary(db, clock, { book, start, end }),
      (start: string) => () => direct.summary(book, start, end),
    ],
  ] as const;
  for (const [title, rollups, reference] of measures) {
    console.log(`\n${title.padEnd(28)} rollups p50 / p99 ms   0003 indexes p50 / p99 ms   ratio p50`);
    for (const [label, start] of ranges) {
      const [mine, theirs] = await interleaved<unknown>(RUNS, [rollups(start), reference(start)]);
      if (!mine || !theirs) throw new Error('no timings');
      if (!isDeepStrictEqual(mine.answer, theirs.answer)) {
        throw new Error(
          `${title}, ${label}: the rollups answer ${JSON.stringify(mine.answer)}, the direct count ${JSON.stringify(theirs.answer)}`,
        );
      }
      const pair = (t: { p50: number; p99: number }) => `${t.p50.toFixed(1)} / ${t.p99.toFixed(1)}`.padStart(13);
      console.log(
        `${label.padEnd(28)} ${pair(mine)}              ${pair(theirs)}               ${(mine.p50 / theirs.p50).toFixed(3)}`,
      );
    }
  }

  // A download recorded on its own, as the download route does: one statement, committed on its own.
  const accountIds = rows<{ id: string }>(await db.execute(sql`select id from accounts`)).map(({ id }) => id);
  const insertInto = (table: string) => async () => {
    for (let i = 0; i < INSERTS_PER_ROUND; i++) {
      const accountId = accountIds[Math.floor(Math.random() * accountIds.length)] ?? null;
      await db.execute(sql`
        insert into ${sql.identifier(table)} (account_id, book_name, language_name, year, month)
        values (${accountId}, 'Teevo', ${`Language ${i % 60}`}, 2025, 3)`);
    }
  };
  const [withTriggers, before] = await interleaved(INSERT_ROUNDS, [
    insertInto('downloads'),
    insertInto('downloads_0003'),
  ]);
  if (!withTriggers || !before) throw new Error('no timings');
  const perRow = (ms: number) => `${((ms / INSERTS_PER_ROUND) * 1000).toFixed(0)} µs`;
  console.log(`\nsingle-row insert, p50 of ${INSERT_ROUNDS} rounds of ${INSERTS_PER_ROUND}, a random account each`);
  console.log(`0004: triggers, 4 indexes besides the keys   ${perRow(withTriggers.p50)}`);
  console.log(`0003: no triggers, 5 indexes besides the keys ${perRow(before.p50)}`);
  console.log(`ratio                                        ${(withTriggers.p50 / before.p50).toFixed(2)}`);
} finally {
  await handle.close();
  await scratch?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
