/**
 * Statistics at scale: seeds 1,000,000 downloads over 3 years (60 languages, 2 books, 20,000 users) and
 * times the per-language count and the dashboard's summary for a month, a year and all time.
 * Run: node bench/stats.ts            (embedded PGlite, in memory)
 *      DATABASE_URL=postgres://... node bench/stats.ts   (a fresh database is created on that server and dropped)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { countByLanguage, summary } from '../apps/server/src/modules/stats/service.ts';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { timeRuns } from './lib.ts';

const DOWNLOADS = Number(process.env.DOWNLOADS ?? 1_000_000);
const RUNS = 15;

const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
const handle = await openDatabase(scratch ? { databaseUrl: scratch.url } : { inMemory: true });
const { db } = handle;
const clock = { timeZone: 'UTC' };

try {
  console.log(`Database: ${handle.kind}. Seeding ${DOWNLOADS.toLocaleString()} downloads...`);
  const seedStart = performance.now();
  await db.execute(sql`insert into books (name) values ('Teevo'), ('Take5')`);
  await db.execute(sql`
    insert into accounts (first_name, last_name, email, password_hash, verified_at)
    select 'User', i::text, 'user' || i || '@bench.example', 'x', now() from generate_series(1, 20000) as i`);
  await db.execute(sql`
    insert into downloads (account_id, book_name, language_name, year, month, downloaded_at)
    select ids.list[1 + i % 20000],
           case when (i / 60) % 3 = 0 then 'Take5' else 'Teevo' end,
           'Language ' || (i % 60),
           extract(year from t)::int, extract(month from t)::int, t
    from (select array_agg(id) as list from accounts) as ids,
         generate_series(1, ${DOWNLOADS}) as i,
         lateral (select now() - (random() * interval '1095 days') + (i * interval '0 seconds') as t) as d`);
  await db.execute(sql`vacuum analyze downloads`);
  console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const today = new Date();
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  const ranges = [
    ['a month', iso(monthAgo)],
    ['a year', iso(yearAgo)],
    ['all time', '2000-01-01'],
  ] as const;

  // Each Search on the dashboard asks for both: the table and charts, and the summary cards.
  const measures = [
    [
      'per-language count (Teevo)',
      (start: string) => countByLanguage(db, clock, { book: 'Teevo', start, end: iso(today) }),
    ],
    ['dashboard summary (Teevo)', (start: string) => summary(db, clock, { book: 'Teevo', start, end: iso(today) })],
  ] as const;
  for (const [title, measure] of measures) {
    console.log(`\n${title.padEnd(30)} p50 ms   p99 ms`);
    for (const [label, start] of ranges) {
      const { p50, p99 } = await timeRuns(RUNS, () => measure(start));
      console.log(`${label.padEnd(30)} ${p50.toFixed(1).padStart(7)}  ${p99.toFixed(1).padStart(7)}`);
    }
  }
} finally {
  await handle.close();
  await scratch?.drop();
}
