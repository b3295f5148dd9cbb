/**
 * The admin user list at scale: seeds 50,000 accounts (in 500 churches of 5 countries) and times
 * GET /api/accounts/list for a first page, a searched page, a sorted page and a late page.
 * Run: node bench/users.ts            (embedded PGlite, in memory)
 *      DATABASE_URL=postgres://... node bench/users.ts   (a fresh database is created on that server and dropped)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildTestApp, loginAs } from '../apps/server/test/app.ts';
import { timeRuns } from './lib.ts';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 50_000);
const RUNS = 30;

const app = await buildTestApp();

try {
  console.log(`Seeding ${ACCOUNTS.toLocaleString()} accounts...`);
  const seedStart = performance.now();
  await app.db.execute(sql`
    insert into churches (name, country)
    select 'Church ' || i, (array['Ghana', 'Kenya', 'Nigeria', 'Togo', 'Benin'])[1 + i % 5]
    from generate_series(1, 500) as i`);
  await app.db.execute(sql`
    insert into accounts (first_name, last_name, email, password_hash, church_id, country, verified_at, created_at)
    select (array['Ama', 'Kofi', 'Esi', 'Kwame', 'Abena', 'Yaw', 'Akosua', 'Kojo'])[1 + i % 8],
           'Mensah' || (i * 7919 % ${ACCOUNTS}),
           'member' || i || '@bench.example', 'x',
           church.list[1 + i % 500], (array['Ghana', 'Kenya', 'Nigeria', 'Togo', 'Benin'])[1 + i % 5],
           case when i % 10 = 0 then null else now() end,
           now() - i * interval '1 minute'
    from (select array_agg(id) as list from churches) as church, generate_series(1, ${ACCOUNTS}) as i`);
  await app.db.execute(sql`vacuum analyze`);
  console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const { headers } = await loginAs(app, 'Admin');
  const pages = [
    ['first page', ''],
    ['searched page ("kofi ghana")', 'search=kofi%20ghana'],
    ['sorted page (last name)', 'sortField=lastName&sortOrder=1'],
    ['late page (last)', `first=${ACCOUNTS - 10}`],
  ] as const;

  console.log('\nGET /api/accounts/list          p50 ms   p99 ms   total');
  for (const [label, query] of pages) {
    const { p50, p99, last } = await timeRuns(RUNS, async () => {
      const response = await app.inject({ url: `/api/accounts/list?rows=10&${query}`, headers });
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      return response.json<{ total: number }>().total;
    });
    console.log(`${label.padEnd(30)} ${p50.toFixed(1).padStart(7)}  ${p99.toFixed(1).padStart(7)}   ${last}`);
  }
} finally {
  await app.close();
}
