/**
 * Upgrades keep data (issue 32, point 6): today's server opens a database an older portal left, migrates it
 * and serves every record.
 *
 * The fixture is made here, not committed: the migrations of apps/server/drizzle are applied one by one as
 * drizzle's migrator does (each file's statements, then its row in drizzle.__drizzle_migrations with the
 * file's hash and its journal time, which is all the migrator compares), and after the migration that makes
 * a table the rows an older server would have written in it are inserted: accounts, editions (their bytes in
 * the data folder's store) and downloads after 0000_initial, more downloads (kept in the rollups by the
 * triggers) after 0004, new-edition mail (notices and deliveries) after 0010. The fixture stops after one
 * migration and the server is started on it:
 * - 0000_initial: the first release (no tags exist; the foundation commit shipped this migration alone and
 *   no migration file was changed after it landed). Today's server applies every later migration to it.
 * - 0010_new-edition-mail: the last migration that makes a table the fixture fills, so every kind of record
 *   is there (rollups and deliveries too) before the newer migrations and the statistics' SQL run.
 * On the database the other tests use: PGlite in a data folder, or a new database on DATABASE_URL's server.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hashPassword } from '../src/passwords.ts';
import { createScratchDatabase, type ScratchDatabase } from './database.ts';
import { makePdf } from './files.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');
const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const migrations = readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
  ...migration,
  tag: journal.entries[index]?.tag as string,
}));

type Run = (statement: string, params?: unknown[]) => Promise<unknown>;

const password = 'Upgrade-secret-1';
const ids = { superAdmin: randomUUID(), admin: randomUUID(), reader: randomUUID(), otherReader: randomUUID() };
const book = randomUUID();
const languages = { English: randomUUID(), Français: randomUUID() };
const editions = {
  English: { id: randomUUID(), key: `${randomUUID()}.pdf`, bytes: makePdf('Teevo, March 2025, English') },
  Français: { id: randomUUID(), key: `${randomUUID()}.pdf`, bytes: makePdf('Teevo, mars 2025, français') },
};

/** A download an older server recorded: who, which edition, and when (mid-month, a day in any time zone). */
async function download(run: Run, account: string, language: keyof typeof editions, day: number) {
  await run(
    `insert into downloads (account_id, file_id, book_name, language_name, year, month, downloaded_at)
     values ($1, $2, 'Teevo', $3, 2025, 3, $4)`,
    [account, editions[language].id, language, `2025-03-${day}T12:00:00Z`],
  );
}

/** The rows an older server wrote, after the migration that made their tables. */
const written: Record<string, (run: Run, dataDir: string) => Promise<void>> = {
  async '0000_initial'(run, dataDir) {
    const passwordHash = await hashPassword(password);
    const people: [string, string, string][] = [
      [ids.superAdmin, 'Super Admin', 'owner@example.org'],
      [ids.admin, 'Admin', 'editor@example.org'],
      [ids.reader, 'User', 'reader@example.org'],
      [ids.otherReader, 'User', 'other.reader@example.org'],
    ];
    for (const [id, role, email] of people) {
      await run(
        `insert into accounts (id, first_name, last_name, email, password_hash, role, verified_at, accept_terms)
         values ($1, 'Kept', $2, $3, $4, $5, now(), true)`,
        [id, role, email, passwordHash, role],
      );
    }
    await run(`insert into books (id, name) values ($1, 'Teevo')`, [book]);
    await mkdir(path.join(dataDir, 'files'), { recursive: true });
    for (const [language, edition] of Object.entries(editions) as [keyof typeof editions, typeof editions.English][]) {
      await run('insert into languages (id, name) values ($1, $2)', [languages[language], language]);
      await run(
        `insert into files (id, book_id, language_id, year, month, file_size, storage_key, original_name)
         values ($1, $2, $3, 2025, 3, $4, $5, 'teevo.pdf')`,
        [edition.id, book, languages[language], edition.bytes.length, edition.key],
      );
      await writeFile(path.join(dataDir, 'files', edition.key), edition.bytes);
    }
    await download(run, ids.reader, 'English', 10);
    await download(run, ids.otherReader, 'English', 11);
    await download(run, ids.admin, 'English', 11);
    await download(run, ids.reader, 'Français', 12);
  },
  async '0004_statistics-rollups'(run) {
    await download(run, ids.otherReader, 'English', 14);
    await download(run, ids.superAdmin, 'Français', 14);
  },
  async '0010_new-edition-mail'(run) {
    const digest = randomUUID();
    await run('insert into edition_notices (file_id, digest_id, queued_at) values ($1, $2, now())', [
      editions.English.id,
      digest,
    ]);
    await run(
      `insert into notification_deliveries (account_id, file_id, digest_id, status, attempts, error)
       values ($1, $3, $4, 'sent', 1, null), ($2, $3, $4, 'failed', 5, '550 mailbox unavailable')`,
      [ids.reader, ids.otherReader, editions.English.id, digest],
    );
  },
};

/** Migrations up to `last` applied as drizzle's migrator applies them, each followed by what it let an older server write. */
async function buildFixture(run: Run, dataDir: string, last: string) {
  await run('create schema drizzle');
  await run('create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
  for (const migration of migrations) {
    for (const statement of migration.sql) await run(statement);
    await run('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
    await written[migration.tag]?.(run, dataDir);
    if (migration.tag === last) return;
  }
  throw new Error(`no migration ${last}`);
}

/** The fixture in a data folder's embedded database, or in a new database on DATABASE_URL's server. */
async function makeFixture(dataDir: string, last: string): Promise<ScratchDatabase | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    await buildFixture((statement, params) => client.query(statement, params), dataDir, last);
    await client.close();
    return undefined;
  }
  const scratch = await createScratchDatabase(serverUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await buildFixture((statement, params) => client.query(statement, params), dataDir, last);
  } finally {
    await client.end();
  }
  return scratch;
}

let cleanUp: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.reverse()) await step();
  cleanUp = [];
});

describe.each(['0000_initial', '0010_new-edition-mail'])('a database left by the release of %s', (last) => {
  it('is migrated by today’s server, which serves every record', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-upgrade-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = await makeFixture(dataDir, last);
    if (scratch) cleanUp.push(scratch.drop);

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    const app = await buildApp(config);
    cleanUp.push(() => app.close());
    await app.ready();
    expect(await app.database.check()).toBe('up');

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/accounts/authenticate',
      payload: { email: 'owner@example.org', password },
    });
    expect(signedIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json().jwtToken}` };
    const get = (url: string) => app.inject({ method: 'GET', url, headers });

    const accounts = (await get('/api/accounts')).json() as { id: string; email: string; role: string }[];
    expect(
      accounts.map(({ id, email, role }) => ({ id, email, role })).sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      { id: ids.admin, email: 'editor@example.org', role: 'Admin' },
      { id: ids.otherReader, email: 'other.reader@example.org', role: 'User' },
      { id: ids.superAdmin, email: 'owner@example.org', role: 'Super Admin' },
      { id: ids.reader, email: 'reader@example.org', role: 'User' },
    ]);

    // The rollups count the downloads the fixture holds; the staff's (as 0007 records them) only when asked.
    const later = last !== '0000_initial';
    const range = 'start=2025-03-01&end=2025-03-31';
    expect((await get(`/api/stats/languages?${range}`)).json()).toEqual([
      { _id: 'English', count: later ? 3 : 2 },
      { _id: 'Français', count: 1 },
    ]);
    expect((await get(`/api/stats/languages?${range}&includeStaff=true`)).json()).toEqual([
      { _id: 'English', count: later ? 4 : 3 },
      { _id: 'Français', count: later ? 2 : 1 },
    ]);

    for (const edition of Object.values(editions)) {
      const downloaded = await get(`/api/files/${edition.id}/download`);
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(edition.bytes)).toBe(true);
    }

    expect((await get('/api/notifications/editions')).json()).toEqual(
      later
        ? [
            {
              fileId: editions.English.id,
              sent: 1,
              queued: 0,
              failed: 1,
              reasons: [{ error: '550 mailbox unavailable', count: 1 }],
            },
          ]
        : [],
    );
  });
});
