import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAccount, signIn, type TestApp } from '../../../test/app.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../../test/database.ts';
import { makePdf, uploadEdition } from '../../../test/files.ts';
import { embeddedEnvironment, freePort, killNow, startServer } from '../../../test/server-process.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { churches, downloads, languages, type NewDownload } from '../../db/schema.ts';
import { checksumOf } from './archive.ts';
import { backupPortal } from './backup.ts';
import { restorePortal } from './restore.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'cli.ts');

/** A portal's place: a data folder, and a database of its own on DATABASE_URL's server for the PostgreSQL kind. */
interface Place {
  dataDir: string;
  database?: ScratchDatabase;
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function newPlace(serverUrl: string | undefined): Promise<Place> {
  const dataDir = await mkdtemp(path.join(scratch, 'data-'));
  return { dataDir, database: serverUrl ? await createScratchDatabase(serverUrl) : undefined };
}

/** The environment the portal and the commands run with: no admin settings, so the seed writes its password file. */
const environment = (place: Place) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: place.dataDir,
  ...(place.database ? { DATABASE_URL: place.database.url } : {}),
});

async function startPortal(place: Place): Promise<TestApp> {
  const app = await buildApp(loadConfig(environment(place)));
  await app.ready();
  return app;
}

/** Runs `npm run backup`/`restore`'s script as the person would, from another folder. */
function command(name: 'backup' | 'restore', file: string, settings: Record<string, string>) {
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  return run(process.execPath, [cli, name, file], { env: { ...inherited, INIT_CWD: scratch, ...settings } });
}

const at = (iso: string, book: string, language: string, accountId: string | null): NewDownload => ({
  accountId,
  bookName: book,
  languageName: language,
  year: 2024,
  month: 11,
  downloadedAt: new Date(iso),
});

/** The answer of every list and statistic, as the admin and as the member see them. */
async function answers(app: TestApp, admin: Record<string, string>, member: Record<string, string>, memberId: string) {
  const everything = 'start=1900-01-01&end=9999-12-31';
  const asAdmin = [
    '/api/languages',
    '/api/churches',
    '/api/books',
    '/api/countries',
    '/api/files',
    '/api/editions',
    '/api/accounts',
    `/api/stats/languages?${everything}`,
    `/api/stats/languages?${everything}&book=Teevo&includeStaff=true`,
    `/api/stats/summary?${everything}`,
    '/api/stats/books',
    '/api/stats/books?includeStaff=true',
    '/api/stats/downloads?rows=100',
    `/api/stats/downloads/by-date?start=2024-11-01&end=2024-11-30&rows=100`,
    `/api/stats/accounts/${memberId}/downloads?rows=100`,
    `/api/stats/accounts/${memberId}/downloads/total`,
    `/api/stats/downloads/count?${everything}&userId=${memberId}`,
  ];
  const answered: Record<string, unknown> = {};
  for (const url of asAdmin) {
    const response = await app.inject({ method: 'GET', url, headers: admin });
    answered[url] = { status: response.statusCode, body: response.json() };
  }
  const mine = await app.inject({ method: 'GET', url: '/api/stats/mine', headers: member });
  answered.mine = { status: mine.statusCode, body: mine.json() };
  return answered;
}

/** Every path under a folder with its size and content hash: what "changes nothing" compares. */
async function snapshot(folder: string) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const hashes = await Promise.all(
    files.map(
      async (file) =>
        `${createHash('sha256')
          .update(await readFile(file))
          .digest('hex')}`,
    ),
  );
  return Object.fromEntries(files.map((file, index) => [path.relative(folder, file), hashes[index]]));
}

async function tableCount(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>('select count(*)::int as count from downloads');
    return rows[0]?.count;
  } finally {
    await client.end();
  }
}

/** How many tables a database has: none until a restore fills it. */
async function tablesIn(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
    );
    return rows[0]?.count;
  } finally {
    await client.end();
  }
}

type ManifestObject = Record<string, unknown> & { settings: string[]; checksums?: Record<string, unknown> };

/**
 * A copy of `archive` changed as `edit` says, in its unpacked folder and in its manifest, then packed again as
 * the backup packs it (the manifest first).
 */
async function altered(
  archive: string,
  edit: {
    files?: (folder: string) => Promise<void>;
    manifest?: (manifest: ManifestObject, folder: string) => Promise<void> | void;
  },
) {
  const folder = await mkdtemp(path.join(scratch, 'unpacked-'));
  await tar.x({ file: archive, cwd: folder });
  await edit.files?.(folder);
  const manifestFile = path.join(folder, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ManifestObject;
  await edit.manifest?.(manifest, folder);
  await writeFile(manifestFile, JSON.stringify(manifest));
  const file = `${folder}.tar.gz`;
  const others = (await readdir(folder)).filter((name) => name !== 'manifest.json');
  await tar.c({ gzip: true, file, cwd: folder, portable: true }, ['manifest.json', ...others]);
  return file;
}

/** As a backup made before backups wrote checksums. */
const withoutChecksums = (manifest: ManifestObject) => {
  delete manifest.checksums;
};

/** The checksums written again from the unpacked files: a backup of a portal whose files were already so. */
async function checksumsAgain(manifest: ManifestObject, folder: string) {
  for (const name of Object.keys(manifest.checksums ?? {})) {
    (manifest.checksums as Record<string, unknown>)[name] = await checksumOf(path.join(folder, name));
  }
}

/** The edition file of an unpacked archive. */
async function pdfIn(folder: string) {
  const [name] = await readdir(path.join(folder, 'files'));
  return path.join(folder, 'files', name as string);
}

const kinds: [string, string | undefined][] = [
  ['the embedded database', undefined],
  // CI runs the server's tests again with DATABASE_URL: then a portal on PostgreSQL is backed up too.
  ...(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL] as [string, string]] : []),
];

describe.each(kinds)('a backup of a portal on %s', (_kind, serverUrl) => {
  let source: Place;
  let restored: Place;
  let archive: string;
  let before: Awaited<ReturnType<typeof answers>>;
  let admin: Record<string, string>;
  let member: { id: string; email: string; password: string; headers: Record<string, string> };
  let edition: { id: string; pdf: Buffer };
  let backupOutput: string;

  beforeAll(async () => {
    source = await newPlace(serverUrl);
    restored = await newPlace(serverUrl);
    const app = await startPortal(source);
    await app.db.insert(languages).values([{ name: 'English' }, { name: 'Français' }]);
    const [church] = await app.db.insert(churches).values({ name: 'Grace Chapel', country: 'Ghana' }).returning();
    const staff = await createTestAccount(app, { role: 'Admin' });
    admin = { authorization: `Bearer ${(await signIn(app, staff.account.email, staff.password)).token}` };
    const reader = await createTestAccount(app, { churchId: church?.id });
    const readerToken = (await signIn(app, reader.account.email, reader.password)).token;
    member = { ...reader.account, password: reader.password, headers: { authorization: `Bearer ${readerToken}` } };
    const pdf = makePdf('Teevo March', 5000);
    const uploaded = await uploadEdition(app, admin, undefined, { name: 'Teevo_English_2025_03.pdf', data: pdf });
    expect(uploaded.statusCode).toBe(201);
    edition = { id: uploaded.json().id, pdf };
    const download = await app.inject({
      method: 'GET',
      url: `/api/files/${edition.id}/download`,
      headers: member.headers,
    });
    expect(download.rawPayload.equals(pdf)).toBe(true);
    await app.db
      .insert(downloads)
      .values([
        at('2024-11-03T10:00:00Z', 'Teevo', 'English', member.id),
        at('2024-11-20T23:30:00Z', 'Take5', 'Français', member.id),
        at('2024-11-21T08:00:00Z', 'Teevo', 'Français', staff.account.id),
        at('2024-11-22T08:00:00Z', 'Teevo', 'English', null),
      ]);
    before = await answers(app, admin, member.headers, member.id);
    await app.close();

    archive = path.join(scratch, `portal-${path.basename(source.dataDir)}.tar.gz`);
    // A password in DATABASE_URL (the test server trusts every connection) must show up nowhere.
    const withPassword = source.database
      ? { DATABASE_URL: source.database.url.replace('://postgres@', '://postgres:Sekr1t-pw@') }
      : {};
    const backup = await command('backup', path.basename(archive), { ...environment(source), ...withPassword });
    backupOutput = backup.stdout + backup.stderr;
  });
  afterAll(async () => {
    await source.database?.drop();
    await restored.database?.drop();
  });

  it('is one archive, for its owner only, naming no password', async () => {
    expect(backupOutput).toContain(`Backed up the portal into ${archive}`);
    expect(backupOutput).toContain('Files:     1 (');
    expect(backupOutput).not.toContain('Sekr1t');
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const names: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => names.push(entry.path) });
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain(
      `files/${(await readdir(path.join(source.dataDir, 'files'))).find((name) => name.endsWith('.pdf'))}`,
    );
    expect(names).toContain('initial-admin-password');
    expect(names.some((name) => name.includes('.incoming') || name.includes('portal.lock'))).toBe(false);
    expect(await readdir(scratch)).not.toContainEqual(expect.stringMatching(/^\.portal-backup-/));
    const bytes = await readFile(archive);
    expect(bytes.includes('Sekr1t')).toBe(false);
  });

  /** The restored portal of `place` answers as the backed-up one did, takes its sign-ins and tokens, serves its file. */
  async function expectSamePortal(place: Place) {
    const app = await startPortal(place);
    try {
      // The old sessions still work: the token secret came back with the database.
      const after = await answers(app, admin, member.headers, member.id);
      expect(after).toEqual(before);
      expect(Object.values(after).every((answer) => (answer as { status: number }).status === 200)).toBe(true);
      expect(
        (after[`/api/stats/summary?start=1900-01-01&end=9999-12-31`] as { body: { inRange: number } }).body.inRange,
      ).toBe(5);

      await signIn(app, member.email, member.password);
      const firstPassword = (await readFile(path.join(place.dataDir, 'initial-admin-password'), 'utf8')).trim();
      await signIn(app, 'admin@example.com', firstPassword);
      const download = await app.inject({
        method: 'GET',
        url: `/api/files/${edition.id}/download`,
        headers: member.headers,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(edition.pdf)).toBe(true);
    } finally {
      await app.close();
    }
  }

  /** Expects the restore of `file` into the place kept for the good restore to fail, changing nothing there. */
  async function expectRefused(file: string, message: RegExp) {
    await writeFile(path.join(restored.dataDir, 'moved-by-restore.txt'), 'not the restore’s');
    const before = await snapshot(restored.dataDir);
    const config = loadConfig(environment(restored));
    await expect(restorePortal(config, file)).rejects.toThrow(message);
    expect(await snapshot(restored.dataDir)).toEqual(before);
    expect(await readdir(scratch)).not.toContain('moved-by-restore.txt');
    if (restored.database) expect(await tablesIn(restored.database.url)).toBe(0);
  }

  // The restore after these, into the same place, shows that they left nothing behind.
  it('refuses an archive that does not match its manifest before writing anything', async () => {
    // A settings name is also a path: one the portal does not know refuses the manifest.
    const settingsPath = await altered(archive, {
      manifest: (manifest) => {
        manifest.settings.push('../moved-by-restore.txt');
      },
    });
    await expectRefused(settingsPath, /is not a backup made by npm run backup \(it has no valid manifest\.json\)\.$/);
    for (const checksums of [() => {}, withoutChecksums]) {
      const lacking = await altered(archive, {
        manifest: (manifest) => {
          manifest.settings.push('jwt-secret');
          checksums(manifest);
        },
      });
      await expectRefused(
        lacking,
        /\.tar\.gz does not match its manifest\.json: it lacks jwt-secret\. It was damaged or changed after the backup; nothing was restored\.$/,
      );
    }
    const stray = await altered(archive, { files: (folder) => writeFile(path.join(folder, 'notes.txt'), 'hi') });
    await expectRefused(stray, /: it holds notes\.txt, which a backup does not[.;]/);
  });

  it('refuses an edited edition file: by its SHA-256, or by its size in a backup without checksums', async () => {
    const sameSize = await altered(archive, {
      files: async (folder) => {
        const pdf = await pdfIn(folder);
        const bytes = await readFile(pdf);
        // One word of its text changed, its size kept.
        await writeFile(pdf, bytes.toString('latin1').replace('Teevo March', 'Teevo April'), 'latin1');
      },
    });
    await expectRefused(sameSize, /: files\/[\w-]+\.pdf is not the file backed up \(its size or SHA-256 differs\)\./);
    const longer = await altered(archive, {
      files: async (folder) => writeFile(await pdfIn(folder), 'one more line\n', { flag: 'a' }),
      manifest: withoutChecksums,
    });
    await expectRefused(longer, /: it has 1 edition files of \d+ bytes where the manifest says 1 of \d+\./);
  });

  it.runIf(!serverUrl)('refuses a damaged embedded database, opened in the staging folder first', async () => {
    const zeroedControl = await altered(archive, {
      files: async (folder) => writeFile(path.join(folder, 'db/global/pg_control'), Buffer.alloc(8192)),
      manifest: checksumsAgain,
    });
    // The files of the table of churches (and of its indexes) hold its rows' text: opening the database
    // reads none of them, only reading the table does.
    const randomTable = await altered(archive, {
      files: async (folder) => {
        const base = path.join(folder, 'db/base');
        for (const name of await readdir(base, { recursive: true })) {
          const file = path.join(base, name);
          if (!(await stat(file)).isFile() || !(await readFile(file)).includes('Grace Chapel')) continue;
          await writeFile(file, randomBytes((await stat(file)).size));
        }
      },
      manifest: checksumsAgain,
    });
    for (const damaged of [zeroedControl, randomTable]) {
      await expectRefused(damaged, /^The backup's database is damaged and was not restored: /);
      if (!process.env.DATABASE_URL) continue;
      // Into PostgreSQL: refused before the target is touched.
      const target = await newPlace(process.env.DATABASE_URL);
      try {
        await expect(restorePortal(loadConfig(environment(target)), damaged)).rejects.toThrow(/database is damaged/);
        expect(await tablesIn(target.database?.url as string)).toBe(0);
        expect(await readdir(target.dataDir)).toEqual([]);
      } finally {
        await target.database?.drop();
      }
    }
  });

  it('restored into a fresh place, gives the same answers, sign-ins and file', async () => {
    await rm(path.join(restored.dataDir, 'moved-by-restore.txt'), { force: true });
    const { stdout } = await command('restore', archive, environment(restored));
    expect(stdout).toContain('Checked:   every file against the SHA-256 the backup wrote');
    expect(stdout).toContain('Files:     1 into');
    expect(stdout).toContain('npm start');
    await expectSamePortal(restored);
  });

  // The way from the embedded database to PostgreSQL (before a portal runs as several instances).
  it.runIf(!serverUrl && process.env.DATABASE_URL)(
    'of the embedded database, restored into an empty PostgreSQL database, gives the same portal',
    async () => {
      const moved = await newPlace(process.env.DATABASE_URL);
      try {
        const { stdout } = await command('restore', archive, environment(moved));
        expect(stdout).toContain('copied from the embedded database');
        expect(stdout).toContain('Files:     1 into');
        expect(await readdir(moved.dataDir)).not.toContainEqual(expect.stringMatching(/^\.restoring-|^db$/));
        await expectSamePortal(moved);

        // Now it has rows: another restore into it is refused, as any database with tables is.
        const again = await newPlace(undefined);
        const url = moved.database?.url as string;
        await expect(restorePortal(loadConfig({ ...environment(again), DATABASE_URL: url }), archive)).rejects.toThrow(
          /^The database postgres:\/\/.* is not empty \(it has \d+ tables\): restore into a new, empty database\.$/,
        );
      } finally {
        await moved.database?.drop();
      }
    },
  );

  it('made before backups wrote checksums, is restored after its names and sizes are checked', async () => {
    const older = await altered(archive, { manifest: withoutChecksums });
    const place = await newPlace(serverUrl);
    try {
      const { stdout } = await command('restore', older, environment(place));
      expect(stdout).toContain('Checked:   names and sizes only: this backup was made before backups wrote checksums');
      await expectSamePortal(place);
    } finally {
      await place.database?.drop();
    }
  });

  it('refuses a place that is not empty, and changes nothing', async () => {
    const target = await newPlace(undefined);
    await writeFile(path.join(target.dataDir, 'jwt-secret'), 'x'.repeat(40));
    const files = await snapshot(target.dataDir);
    const config = loadConfig({
      ...environment(target),
      ...(restored.database ? { DATABASE_URL: restored.database.url } : {}),
    });
    await expect(restorePortal(config, archive)).rejects.toThrow(
      `${target.dataDir} is not empty (it has jwt-secret): restore into a new DATA_DIR, or move this one away first.`,
    );
    expect(await snapshot(target.dataDir)).toEqual(files);

    // The portal restored just before: its database, files and settings are all there.
    const full = await snapshot(restored.dataDir);
    await expect(restorePortal(loadConfig(environment(restored)), archive)).rejects.toThrow(/is not empty \(it has /);
    expect(await snapshot(restored.dataDir)).toEqual(full);
  });

  it.runIf(serverUrl)('refuses a PostgreSQL database that has tables, and changes nothing', async () => {
    const target = await newPlace(undefined);
    const url = restored.database?.url as string;
    const count = await tableCount(url);
    await expect(restorePortal(loadConfig({ ...environment(target), DATABASE_URL: url }), archive)).rejects.toThrow(
      /^The database postgres:\/\/.* is not empty \(it has \d+ tables\): restore into a new, empty database\.$/,
    );
    expect(await tableCount(url)).toBe(count);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it('refuses a PostgreSQL backup without DATABASE_URL, or an unreachable one, and changes nothing', async () => {
    const target = await newPlace(undefined);
    const other = serverUrl
      ? environment(target)
      : { ...environment(target), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restorePortal(loadConfig(other), archive)).rejects.toThrow(
      serverUrl
        ? /is of a portal on PostgreSQL, which does not go back into the embedded database: set DATABASE_URL/
        : /^Cannot connect to PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/none: /,
    );
    expect(await readdir(target.dataDir)).toEqual([]);
  });
});

describe('backup and restore refuse clearly', () => {
  const disk = { kind: 'disk' as const };

  it('an embedded backup while the portal runs', async () => {
    const place = await newPlace(undefined);
    // Another process: the lock of this very one counts as left by an earlier life of its process id.
    const server = await startServer(embeddedEnvironment(place.dataDir, await freePort()));
    try {
      await expect(backupPortal(loadConfig(environment(place)), path.join(scratch, 'running.tar.gz'))).rejects.toThrow(
        `The portal (or another command) is using ${place.dataDir}: stop it first; an embedded database is backed up and restored only while it is closed.`,
      );
    } finally {
      await killNow(server);
    }
    expect(await readdir(scratch)).not.toContain('running.tar.gz');
  });

  it('a PostgreSQL backup without pg_dump, naming the package', async () => {
    const place = await newPlace(undefined);
    vi.stubEnv('PATH', place.dataDir);
    try {
      const settings = { dataDir: place.dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', storage: disk };
      await expect(backupPortal(settings, path.join(scratch, 'no-tools.tar.gz'))).rejects.toThrow(
        /^pg_dump was not found: .*apt-get install postgresql-client\)\.$/,
      );
    } finally {
      vi.unstubAllEnvs();
    }
    expect(await readdir(scratch)).not.toContainEqual(expect.stringMatching(/no-tools|^\.portal-backup-/));
  });

  it('an archive that is missing, not an archive, cut short or not a backup', async () => {
    const place = await newPlace(undefined);
    const config = loadConfig(environment(place));
    const file = (name: string) => path.join(scratch, name);
    await expect(restorePortal(config, file('missing.tar.gz'))).rejects.toThrow(
      `${file('missing.tar.gz')} is not a file.`,
    );

    await writeFile(file('garbage.tar.gz'), Buffer.from('this is not an archive at all'.repeat(100)));
    await expect(restorePortal(config, file('garbage.tar.gz'))).rejects.toThrow(
      /garbage\.tar\.gz is damaged or incomplete/,
    );

    // A real archive whose end was lost in the copy.
    const source = await newPlace(undefined);
    await (await startPortal(source)).close();
    await backupPortal(loadConfig(environment(source)), file('whole.tar.gz'));
    await writeFile(file('cut.tar.gz'), await readFile(file('whole.tar.gz')));
    await truncate(file('cut.tar.gz'), Math.floor((await stat(file('cut.tar.gz'))).size / 2));
    await expect(restorePortal(config, file('cut.tar.gz'))).rejects.toThrow(/cut\.tar\.gz is damaged or incomplete/);

    await tar.c({ gzip: true, file: file('other.tar.gz'), cwd: source.dataDir }, ['initial-admin-password']);
    await expect(restorePortal(config, file('other.tar.gz'))).rejects.toThrow(
      /other\.tar\.gz is not a backup made by npm run backup/,
    );
    expect(await readdir(place.dataDir)).toEqual([]);
  });

  it('in one line and exit code 1 from the command', async () => {
    const place = await newPlace(undefined);
    await writeFile(path.join(scratch, 'junk.tar.gz'), 'junk');
    const failure = await command('restore', 'junk.tar.gz', environment(place)).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Restore failed: ${path.join(scratch, 'junk.tar.gz')} is damaged or incomplete: it can't be read as a portal backup (.tar.gz).\n`,
    });
    const usage = await command('backup', '', environment(place)).catch((error: unknown) => error);
    expect(usage).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Backup failed: Usage: npm run backup -- /),
    });
  });
});
