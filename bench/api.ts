/**
 * The API under the first-of-the-month rush, open loop (issue 13): the languages list and the member's
 * dashboard at 1,000 requests a second, the admin user list's first, searched and late pages at 300, each
 * beside a Fastify hello-world reference (bench/reference/hello.ts) under the same load in the same run.
 * Requests go out at fixed, evenly spaced times and latency counts from those times (bench/lib.ts openLoop);
 * rounds alternate reference, portal, reference, portal ... after a short warm-up of each, and the figures are
 * the medians of the rounds, printed beside the goals.
 * Data, seeded with SQL before the portal starts: ACCOUNTS (50,000) accounts in 500 churches, 60 languages,
 * 1,441 editions (2 books, 60 languages, 12 months, and one more).
 * Run: node bench/api.ts                              (embedded database, in a temporary folder)
 *      DATABASE_URL=postgres://... node bench/api.ts   (a fresh database is created on that server and dropped)
 * ROUNDS (3) and ROUND_SECONDS (10) set the length; ONLY=users runs the scenarios whose name has that word;
 * ENTRY=source runs the portal from its sources rather than as `npm start` does (bundle). Beside each
 * latency figure: the CPU the server spent per request (the portal's process and its PostgreSQL backends).
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/index.ts';
import { accounts } from '../apps/server/src/db/schema.ts';
import { seed } from '../apps/server/src/db/seed.ts';
import { hashPassword } from '../apps/server/src/passwords.ts';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import {
  ADMIN,
  BROWSER,
  cpuSeconds,
  DASHBOARD_CALLS,
  type LoadFigures,
  type LoadRequest,
  median,
  openLoop,
  type PortalEntry,
  signIn,
  signInAsAdmin,
  startPortal,
  startReference,
} from './lib.ts';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 50_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.min(2, ROUND_SECONDS);
/** The portal as `npm start` runs it (bundle), or from its sources (source). */
const ENTRY = (process.env.ENTRY ?? 'bundle') as PortalEntry;
const PORT = { portal: 5101, reference: 5102 };
const MEMBER = { email: 'member@bench.example', password: 'Member-password-1' };

/** A page of the Users screen (apps/web/src/features/users/pages/user-list-page.tsx). */
const usersPage = (query: Record<string, string>) =>
  `/api/accounts/list?${new URLSearchParams({ first: '0', rows: '10', search: '', sortField: 'createdAt', sortOrder: '-1', ...query })}`;

interface Tokens {
  admin: Record<string, string>;
  member: Record<string, string>;
}

interface Scenario {
  name: string;
  rate: number;
  goalP99Ms: number;
  requests(tokens: Tokens): LoadRequest[];
}

const scenarios: Scenario[] = [
  {
    name: 'languages list (GET /api/languages)',
    rate: 1000,
    goalP99Ms: 50,
    requests: () => [{ path: '/api/languages' }],
  },
  {
    name: `member's dashboard (its ${DASHBOARD_CALLS.length} calls in turn)`,
    rate: 1000,
    goalP99Ms: 50,
    requests: ({ member }) => DASHBOARD_CALLS.map((call) => ({ path: call, headers: member })),
  },
  {
    name: 'users list, first page',
    rate: 300,
    goalP99Ms: 100,
    requests: ({ admin }) => [{ path: usersPage({}), headers: admin }],
  },
  {
    name: 'users list, searched page ("kofi ghana")',
    rate: 300,
    goalP99Ms: 100,
    requests: ({ admin }) => [{ path: usersPage({ search: 'kofi ghana' }), headers: admin }],
  },
  {
    name: 'users list, late page',
    rate: 300,
    goalP99Ms: 100,
    requests: ({ admin }) => [{ path: usersPage({ first: String(ACCOUNTS - 10) }), headers: admin }],
  },
];

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The data set, written straight into the database: the API would take minutes for 50,000 accounts. */
async function seedData(db: Database, dataDir: string) {
  await seed(db, { admin: ADMIN, dataDir });
  await db.execute(sql`
    insert into churches (name, country)
    select 'Church ' || i, (array['Ghana', 'Kenya', 'Nigeria', 'Togo', 'Benin'])[1 + i % 5]
    from generate_series(1, 500) as i`);
  await db.execute(sql`
    insert into accounts (first_name, last_name, email, password_hash, church_id, country, verified_at, created_at)
    select (array['Ama', 'Kofi', 'Esi', 'Kwame', 'Abena', 'Yaw', 'Akosua', 'Kojo'])[1 + i % 8],
           'Mensah' || (i * 7919 % ${ACCOUNTS}),
           'member' || i || '@bench.example', 'x',
           church.list[1 + i % 500], (array['Ghana', 'Kenya', 'Nigeria', 'Togo', 'Benin'])[1 + i % 5],
           case when i % 10 = 0 then null else now() end,
           now() - i * interval '1 minute'
    from (select array_agg(id) as list from churches) as church, generate_series(1, ${ACCOUNTS}) as i`);
  await db.insert(accounts).values({
    firstName: 'Bench',
    lastName: 'Member',
    email: MEMBER.email,
    passwordHash: await hashPassword(MEMBER.password),
    verifiedAt: new Date(),
  });
  await db.execute(sql`
    insert into languages (name, created_at)
    select 'Language ' || lpad(i::text, 2, '0'), now() - (60 - i) * interval '1 minute'
    from generate_series(1, 60) as i`);
  // The downloads aren't exercised here: the editions' stored files needn't exist.
  await db.execute(sql`
    insert into files (book_id, language_id, year, month, file_size, storage_key, original_name)
    select book.id, language.id, edition.year, edition.month, 1048576, gen_random_uuid() || '.pdf',
           book.name || '_' || replace(language.name, ' ', '') || '_' || edition.year || '_' || lpad(edition.month::text, 2, '0') || '.pdf'
    from books as book, languages as language,
         (select 2025 as year, month from generate_series(1, 12) as month union all select 2026, 1) as edition
    where edition.year = 2025 or (book.name = 'Teevo' and language.name = 'Language 01')`);
  await db.execute(sql`vacuum analyze`);
}

/** A round's figures and the CPU its server spent on each request (ms): a figure other work on the machine can't hide. */
type RoundFigures = LoadFigures & { cpuPerRequest: number };

/** The PostgreSQL server processes of one database: their command line names it. */
function backendsOf(database: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => {
      try {
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        return command.startsWith('postgres: ') && command.includes(` ${database} `);
      } catch {
        return false; // not a process, or it ended while the folder was read
      }
    })
    .map(Number);
}

/** CPU seconds of each process; one that ended meanwhile counts for nothing. */
const cpuOf = (pids: number[]) =>
  new Map(
    pids.map((pid) => {
      try {
        return [pid, cpuSeconds(pid)];
      } catch {
        return [pid, 0];
      }
    }),
  );

const columns = (figures: RoundFigures) =>
  [
    figures.achieved.toFixed(0).padStart(9),
    figures.p50.toFixed(1).padStart(8),
    figures.p99.toFixed(1).padStart(8),
    figures.max.toFixed(1).padStart(8),
    String(figures.errors).padStart(7),
    figures.cpuPerRequest.toFixed(2).padStart(10),
  ].join('');

const medians = (runs: RoundFigures[]): RoundFigures => {
  const of = (figure: keyof RoundFigures) => median(runs.map((run) => run[figure]));
  return {
    achieved: of('achieved'),
    p50: of('p50'),
    p99: of('p99'),
    max: of('max'),
    errors: of('errors'),
    answered: of('answered'),
    cpuPerRequest: of('cpuPerRequest'),
  };
};

const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-api-'));
let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
let reference: ChildProcess | undefined;

try {
  const seedStart = performance.now();
  const handle = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
  try {
    await seedData(handle.db, dataDir);
  } finally {
    await handle.close();
  }
  console.log(`${handle.kind === 'postgres' ? 'PostgreSQL' : 'Embedded database'}: seeded in ${elapsed(seedStart)}`);

  portal = await startPortal(PORT.portal, { DATA_DIR: dataDir, ...(scratch && { DATABASE_URL: scratch.url }) }, ENTRY);
  reference = await startReference('hello', PORT.reference);
  const origins = { reference: `http://127.0.0.1:${PORT.reference}`, portal: portal.url };
  const database = scratch && new URL(scratch.url).pathname.slice(1);
  const serving = {
    reference: () => [reference?.pid ?? 0],
    portal: () => [portal?.process.pid ?? 0, ...(database ? backendsOf(database) : [])],
  };

  console.log(
    `${ACCOUNTS.toLocaleString()} accounts, 60 languages, 1,441 editions; ${ROUNDS} rounds of ${ROUND_SECONDS} s, medians; latency in ms from each request's due time\n`,
  );
  console.log(`${''.padEnd(28)} achieved/s  p50 ms  p99 ms  max ms  errors  cpu ms/req`);
  for (const scenario of scenarios.filter(({ name }) => name.includes(process.env.ONLY ?? ''))) {
    const bearer = (token: string) => ({ ...BROWSER, authorization: `Bearer ${token}` });
    const tokens = {
      admin: bearer(await signInAsAdmin(portal.url)),
      member: bearer(await signIn(portal.url, MEMBER)),
    };
    const load = {
      reference: [{ path: '/', headers: BROWSER }],
      portal: scenario.requests(tokens).map((request) => ({ ...request, headers: request.headers ?? BROWSER })),
    };
    const run = async (target: keyof typeof origins, seconds: number): Promise<RoundFigures> => {
      const before = cpuOf(serving[target]());
      const figures = await openLoop(origins[target], load[target], { rate: scenario.rate, seconds });
      let cpu = 0;
      for (const [pid, after] of cpuOf(serving[target]())) cpu += after - (before.get(pid) ?? 0);
      return { ...figures, cpuPerRequest: (cpu * 1000) / Math.max(1, figures.answered) };
    };
    await run('reference', WARM_UP_SECONDS);
    await run('portal', WARM_UP_SECONDS);
    const runs: Record<keyof typeof origins, RoundFigures[]> = { reference: [], portal: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of ['reference', 'portal'] as const) runs[target].push(await run(target, ROUND_SECONDS));
    }
    const figures = { reference: medians(runs.reference), portal: medians(runs.portal) };
    const met =
      figures.portal.achieved >= scenario.rate * 0.99 &&
      figures.portal.p99 < scenario.goalP99Ms &&
      figures.portal.errors === 0;
    console.log(`${scenario.name}, ${scenario.rate.toLocaleString()} req/s offered`);
    console.log(`  ${'hello-world reference'.padEnd(26)}${columns(figures.reference)}`);
    console.log(
      `  ${'portal'.padEnd(26)}${columns(figures.portal)}   goal ${scenario.rate.toLocaleString()}/s, p99 < ${scenario.goalP99Ms} ms: ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await portal?.stop();
  reference?.kill();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
