import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  MAX_MIGRATION_FILE_BYTES,
  MESSAGES,
  MIGRATION_MESSAGES,
  type MigrationReport,
  migrationFileTooLargeMessage,
} from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, signIn, type TestApp } from '../../../test/app.ts';
import { newBucket, startBucketServer } from '../../../test/bucket.ts';
import { createScratchDatabase } from '../../../test/database.ts';
import { multipart, postForm } from '../../../test/files.ts';
import {
  LEGACY_PASSWORDS,
  type LegacyFixture,
  LEGACY_PDFS as PDFS,
  writeLegacyExport,
} from '../../../test/legacy-export.ts';
import { zipBomb } from '../../../test/zip-bomb.ts';
import { accounts, books, churches, downloads, files, languages } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';
import { parseCollection } from './extended-json.ts';
import { importLegacyExport } from './importer.ts';

const temporaryFolder = () => mkdtemp(path.join(os.tmpdir(), 'legacy-export-'));

/** Row counts of every table an import writes, and the PDFs in the file store. */
async function snapshot(app: TestApp) {
  const count = (table: Parameters<TestApp['db']['$count']>[0]) => app.db.$count(table);
  const [accountCount, bookCount, churchCount, downloadCount, fileCount, languageCount] = await Promise.all([
    count(accounts),
    count(books),
    count(churches),
    count(downloads),
    count(files),
    count(languages),
  ]);
  return {
    accounts: accountCount,
    books: bookCount,
    churches: churchCount,
    downloads: downloadCount,
    files: fileCount,
    languages: languageCount,
    pdfs: storedPdfs(app).length,
  };
}

const storedPdfs = (app: TestApp) =>
  readdirSync(path.join(app.config.dataDir, 'files')).filter((name) => name.endsWith('.pdf'));

/** What a dry run and the import after it must agree on. */
const outcome = ({ dryRun: _, startedAt: __, finishedAt: ___, ...rest }: MigrationReport) => rest;

/** The counts the fixture leads to on an empty portal. */
const FIRST_IMPORT = {
  churches: { read: 200, created: 199, updated: 0, unchanged: 0, skipped: 1 },
  languages: { read: 200, created: 199, updated: 0, unchanged: 0, skipped: 1 },
  translations: { read: 200, created: 200, updated: 0, unchanged: 0, skipped: 0 },
  accounts: { read: 300, created: 298, updated: 0, unchanged: 0, skipped: 2 },
  files: { read: 203, created: 196, updated: 0, unchanged: 0, skipped: 7 },
  transactions: { read: 400, created: 396, updated: 0, unchanged: 0, skipped: 4 },
};

describe('parseCollection', () => {
  it('reads JSON Lines and JSON arrays with Extended JSON alike', () => {
    const documents = [
      { _id: { $oid: '65920000aaaaaaaaaaaaaaaa' }, at: { $date: '2024-03-01T10:00:00.000Z' }, n: { $numberInt: '7' } },
      { _id: { $oid: '65920000bbbbbbbbbbbbbbbb' }, at: { $date: { $numberLong: '1709287200000' } }, n: 2.5 },
    ];
    const expected = [
      { _id: '65920000aaaaaaaaaaaaaaaa', at: new Date('2024-03-01T10:00:00.000Z'), n: 7 },
      { _id: '65920000bbbbbbbbbbbbbbbb', at: new Date(1_709_287_200_000), n: 2.5 },
    ];
    const lines = `${documents.map((document) => JSON.stringify(document)).join('\r\n')}\n\n`;
    expect(parseCollection(lines, 'x.json')).toEqual(expected);
    expect(parseCollection(`\uFEFF${JSON.stringify(documents)}`, 'x.json')).toEqual(expected);
  });

  it('names the file and line of malformed input', () => {
    expect(() => parseCollection('{"_id":"a"}\n{oops', 'accounts.json')).toThrow(
      'accounts.json, line 2: not valid JSON.',
    );
    expect(() => parseCollection('[{"_id":"a"}, 3]', 'files.json')).toThrow(
      'files.json: item 2 of the array is not a document.',
    );
  });
});

describe('importLegacyExport', () => {
  let app: TestApp;
  let folder: string;
  let fixture: LegacyFixture;
  let dryRun: MigrationReport;
  let imported: MigrationReport;
  const run = (options: { dryRun: boolean; onProgress?: Parameters<typeof importLegacyExport>[2]['onProgress'] }) =>
    importLegacyExport(app.db, app.storage, { exportFolder: folder, pdfFolder: folder, ...options });
  const accountByLegacyId = async (legacyId: string) =>
    (await app.db.select().from(accounts).where(eq(accounts.legacyId, legacyId)))[0];

  beforeAll(async () => {
    app = await buildTestApp();
    folder = await temporaryFolder();
    fixture = await writeLegacyExport(folder);
  });
  afterAll(async () => {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('leaves the database and the file store as they were when it fails half-way', async () => {
    const before = await snapshot(app);
    let pdfsWhenFailing = 0;
    const failing = run({
      dryRun: false,
      onProgress: (phase) => {
        if (phase !== 'transactions') return;
        pdfsWhenFailing = storedPdfs(app).length;
        throw new Error('injected failure');
      },
    });
    await expect(failing).rejects.toThrow('injected failure');
    expect(pdfsWhenFailing).toBe(PDFS);
    expect(await snapshot(app)).toEqual(before);
  });

  it('in a dry run changes nothing and reports what the import will do', async () => {
    const before = await snapshot(app);
    dryRun = await run({ dryRun: true });
    expect(await snapshot(app)).toEqual(before);
    expect(dryRun.dryRun).toBe(true);
    expect(dryRun.collections).toEqual(FIRST_IMPORT);
    expect(dryRun.pdfsStored).toBe(PDFS);
    expect(dryRun.ignored).toEqual([{ file: 'refreshtokens.json', reason: expect.stringMatching(/Refresh tokens/) }]);
    // Each record by its name, and the record it clashes with by that one's name, not by an id.
    expect(dryRun.conflicts).toEqual(
      expect.arrayContaining([
        {
          collection: 'accounts',
          legacyId: fixture.duplicateEmail.second,
          name: 'First7 Last7 (Member5@Example.ORG)',
          reason:
            'E-mail already used by First5 Last5, a legacy account: skipped, its downloads are credited to that account.',
        },
        {
          collection: 'accounts',
          legacyId: fixture.ids.accounts[299],
          name: 'First299 Last299 (not-an-address)',
          reason: expect.stringMatching(/not a valid address/),
        },
        {
          collection: 'churches',
          legacyId: fixture.ids.churches[10],
          name: 'church 3 (Ghana)',
          reason: 'Same name and country as Church 3, a legacy church: merged onto it.',
        },
        {
          collection: 'languages',
          legacyId: fixture.ids.languages[39],
          name: 'english',
          reason: 'Same name as English, a legacy language: merged onto it.',
        },
        {
          collection: 'files',
          legacyId: fixture.unknownLanguageFile,
          name: 'Teevo Klingon January 2024',
          reason: 'Language "Klingon" does not exist.',
        },
        {
          collection: 'files',
          legacyId: fixture.olderEditionFile,
          name: 'Teevo Twi January',
          reason: expect.stringMatching(
            /^Legacy file Teevo Twi January 2024\.pdf of 20\d\d-\d\d-\d\d of the same edition is newer/,
          ),
        },
        {
          collection: 'transactions',
          legacyId: fixture.transactionToMissingFile,
          name: expect.stringMatching(/^a file by First\d+ Last\d+ \(member\d+@example\.org\)$/),
          reason: `The file it names (${fixture.fileNotInExport}) is not in the export.`,
        },
      ]),
    );
    expect(JSON.stringify(dryRun.conflicts)).not.toContain(fixture.duplicateEmail.first);
    expect(dryRun.missingPdfs).toEqual(
      expect.arrayContaining([
        ...fixture.missingPdfFiles.map((legacyId) => expect.objectContaining({ legacyId, reason: 'not found' })),
        expect.objectContaining({ legacyId: fixture.notPdfFile, reason: 'not a PDF' }),
      ]),
    );
    expect(dryRun.notes.map((note) => note.reason)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Allocation -5/),
        expect.stringMatching(/^Allocation "lots"/),
        'Allocation 5000000000: not a whole number from 0 to 1,000,000,000, set to 0.',
        'Country "Atlantis": not in the country list, kept as it is.',
        'Book "Teevo Junior" did not exist: created.',
        expect.stringMatching(/was not imported: kept without an account/),
      ]),
    );
  });

  it('creates exactly what the dry run reported', async () => {
    const before = await snapshot(app);
    imported = await run({ dryRun: false });
    expect(outcome(imported)).toEqual(outcome(dryRun));
    const after = await snapshot(app);
    const { collections: c } = imported;
    const legacyCount = async (table: typeof languages | typeof files, ids: string[]) =>
      app.db.$count(table, inArray(table.legacyId, ids));
    const translatedLanguages = await legacyCount(languages, fixture.ids.translations);
    const translatedFiles = await legacyCount(files, fixture.ids.translations);
    expect(translatedLanguages + translatedFiles).toBe(c.translations.created);
    expect(after).toEqual({
      accounts: before.accounts + c.accounts.created,
      books: before.books + 1,
      churches: before.churches + c.churches.created,
      downloads: before.downloads + c.transactions.created,
      files: before.files + c.files.created + translatedFiles,
      languages: before.languages + c.languages.created + translatedLanguages,
      pdfs: before.pdfs + imported.pdfsStored,
    });
  });

  it('keeps legacy passwords: the old one signs in and is re-hashed with argon2id', async () => {
    expect((await accountByLegacyId(fixture.user.id))?.passwordHash).toMatch(/^\$2[aby]\$04\$/);
    const { body } = await signIn(app, fixture.user.email, LEGACY_PASSWORDS.user);
    expect(body).toMatchObject({ email: fixture.user.email, role: 'User', firstName: 'First0', title: 'Mr' });
    expect((await accountByLegacyId(fixture.user.id))?.passwordHash).toMatch(/^\$argon2id\$/);
    await signIn(app, fixture.user.email, LEGACY_PASSWORDS.user);
  });

  it('keeps a legacy Admin an Admin', async () => {
    const { body } = await signIn(app, fixture.admin.email, LEGACY_PASSWORDS.admin);
    expect(body.role).toBe('Admin');
    expect((await accountByLegacyId(fixture.admin.id))?.role).toBe('Admin');
  });

  it('maps accounts: church by legacy id or name, verification, membership', async () => {
    const [account4, account5, account8, account9, account10] = await Promise.all(
      [4, 5, 8, 9, 10].map((i) => accountByLegacyId(fixture.ids.accounts[i] as string)),
    );
    const [church4] = await app.db
      .select()
      .from(churches)
      .where(eq(churches.legacyId, fixture.ids.churches[4] as string));
    const [church5] = await app.db.select().from(churches).where(eq(churches.name, 'Church 5'));
    expect(account4).toMatchObject({ churchId: church4?.id, isMember: true, verifiedAt: expect.any(Date) });
    expect(account5?.churchId).toBe(church5?.id);
    expect(account8?.verifiedAt).toEqual(account8?.createdAt);
    expect(account9?.verifiedAt).toBeNull();
    expect(account10).toMatchObject({ churchId: null, isMember: false, email: 'member10@example.org' });
    expect(church4).toMatchObject({ allocation: 40, country: 'Nigeria' });
  });

  it('sets an allocation beyond the maximum to 0, and spells countries as the country list does', async () => {
    const church = async (index: number) =>
      (
        await app.db
          .select()
          .from(churches)
          .where(eq(churches.legacyId, fixture.ids.churches[index] as string))
      )[0];
    expect(await church(22)).toMatchObject({ name: 'Church 22', allocation: 0 });
    expect(await church(23)).toMatchObject({ name: 'Church 23', country: 'Ghana' });
    expect(await church(24)).toMatchObject({ name: 'Church 24', country: 'Atlantis' });
    const countryNotes = imported.notes.filter((note) => note.reason.startsWith('Country'));
    expect(countryNotes).toEqual([
      {
        collection: 'churches',
        legacyId: fixture.ids.churches[24],
        name: 'Church 24 (Atlantis)',
        reason: expect.stringContaining('Atlantis'),
      },
    ]);
  });

  it('points transactions at the accounts and files they name, with the edition’s names', async () => {
    const rows = await app.db
      .select({ legacyId: downloads.legacyId, account: accounts.legacyId, file: files.legacyId, download: downloads })
      .from(downloads)
      .leftJoin(accounts, eq(accounts.id, downloads.accountId))
      .leftJoin(files, eq(files.id, downloads.fileId));
    const byLegacyId = new Map(rows.map((row) => [row.legacyId, row]));
    const unlinkedFiles = [...fixture.missingPdfFiles, fixture.notPdfFile, fixture.unknownLanguageFile];
    for (const transaction of fixture.transactions) {
      const row = byLegacyId.get(transaction.id);
      if (transaction.file === fixture.fileNotInExport) {
        expect(row).toBeUndefined();
        continue;
      }
      const account =
        transaction.user === fixture.duplicateEmail.second
          ? fixture.duplicateEmail.first
          : fixture.ids.accounts.includes(transaction.user) && transaction.user !== fixture.ids.accounts[299]
            ? transaction.user
            : null;
      const file = unlinkedFiles.includes(transaction.file)
        ? null
        : transaction.file === fixture.olderEditionFile
          ? fixture.newerEditionFile
          : transaction.file;
      expect({ id: transaction.id, account: row?.account, file: row?.file }).toEqual({
        id: transaction.id,
        account,
        file,
      });
    }
    const downloadOf = (index: number) => byLegacyId.get(fixture.transactions[index]?.id ?? '')?.download;
    expect(downloadOf(2)).toMatchObject({
      fileId: null,
      bookName: 'Take5',
      languageName: 'Portuguese',
      year: 2024,
      month: 1,
    });
    expect(downloadOf(4)).toMatchObject({
      languageName: 'Klingon',
      fileId: null,
    });
    expect(downloadOf(1)).toMatchObject({
      bookName: 'Take5',
      languageName: 'English',
      downloadedAt: new Date(Date.UTC(2024, 5, 1, 0, 1)),
    });
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(app);
    const again = await run({ dryRun: false });
    expect(await snapshot(app)).toEqual(before);
    expect(again.pdfsStored).toBe(0);
    for (const [name, counts] of Object.entries(again.collections)) {
      const first = imported.collections[name as keyof typeof imported.collections];
      expect({ name, ...counts }).toEqual({ name, ...first, created: 0, unchanged: first.created });
    }
    expect((await accountByLegacyId(fixture.user.id))?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a collection file over the limit before reading it (413)', async () => {
    const big = await temporaryFolder();
    try {
      // A sparse file: as large as it says, without writing 200 MB.
      await writeFile(path.join(big, 'transactions.json'), '');
      await truncate(path.join(big, 'transactions.json'), MAX_MIGRATION_FILE_BYTES + 1);
      await expect(
        importLegacyExport(app.db, app.storage, { exportFolder: big, pdfFolder: big, dryRun: true }),
      ).rejects.toMatchObject({ statusCode: 413, body: errorBody(migrationFileTooLargeMessage('transactions.json')) });
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  });
});

/** The files of an export folder as the entries of a zip, inside a folder `export/`. */
async function exportEntries(folder: string): Promise<Record<string, Uint8Array>> {
  const names = await readdir(folder);
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [`export/${name}`, new Uint8Array(await readFile(path.join(folder, name)))]),
    ),
  );
}

describe('the migration API', () => {
  let app: TestApp;
  let folder: string;
  let zip: Buffer;
  let superAdmin: Awaited<ReturnType<typeof loginAs>>;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let user: Awaited<ReturnType<typeof loginAs>>;
  let lastReport: MigrationReport;

  const upload = async (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file = { name: 'legacy-export.zip', data: zip, type: 'application/zip' },
  ) => postForm(app, '/api/migrate/import', headers, await multipart(fields, file));

  beforeAll(async () => {
    app = await buildTestApp();
    [superAdmin, admin, user] = await Promise.all([
      loginAs(app, 'Super Admin'),
      loginAs(app, 'Admin'),
      loginAs(app, 'User'),
    ]);
    folder = await temporaryFolder();
    await writeLegacyExport(folder);
    const entries = await exportEntries(folder);
    zip = Buffer.from(zipSync({ ...entries, '__MACOSX/export/._accounts.json': new Uint8Array([0, 1, 2]) }));
  });
  afterAll(async () => {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  describe('GET /api/migrate/migrate-data', () => {
    it('answers 404 before any import', async () => {
      const response = await app.inject({ url: '/api/migrate/migrate-data', headers: superAdmin.headers });
      expectMessage(response, 404, MIGRATION_MESSAGES.noReport);
    });
  });

  describe('GET /api/migrate/reports/latest', () => {
    it('answers 200 with no report before any import, so that a first visit of the screen fails nothing', async () => {
      const response = await app.inject({ url: '/api/migrate/reports/latest', headers: superAdmin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ report: null });
    });
  });

  describe('POST /api/migrate/import', () => {
    it('is for the Super Admin only', async () => {
      expect((await upload({}, { dryRun: 'true' })).statusCode).toBe(401);
      for (const role of [admin, user]) {
        const response = await upload(role.headers, { dryRun: 'true' });
        expectMessage(response, 403, MESSAGES.denied);
      }
    });

    it('runs a dry run of an uploaded zip without changing anything', async () => {
      const before = await snapshot(app);
      const response = await upload(superAdmin.headers, { dryRun: 'true' });
      expect(response.statusCode).toBe(200);
      const report = response.json<MigrationReport>();
      expect(report).toMatchObject({ dryRun: true, collections: FIRST_IMPORT, pdfsStored: PDFS });
      expect(await snapshot(app)).toEqual(before);
    });

    it('imports the uploaded zip', async () => {
      const before = await snapshot(app);
      const listLength = async (url: string) => (await app.inject({ url, headers: user.headers })).json().length;
      const listed = [await listLength('/api/languages'), await listLength('/api/files')];
      const response = await upload(superAdmin.headers, { dryRun: 'false' });
      expect(response.statusCode).toBe(200);
      lastReport = response.json<MigrationReport>();
      expect(lastReport).toMatchObject({ dryRun: false, collections: FIRST_IMPORT, pdfsStored: PDFS });
      const after = await snapshot(app);
      expect(after.accounts - before.accounts).toBe(FIRST_IMPORT.accounts.created);
      expect(after.pdfs - before.pdfs).toBe(PDFS);
      expect(await readdir(path.join(app.config.dataDir, 'migration-uploads'))).toEqual([]);
      // The lists kept in memory show the import at once.
      expect(listed).toEqual([before.languages, before.files]);
      expect([await listLength('/api/languages'), await listLength('/api/files')]).toEqual([
        after.languages,
        after.files,
      ]);
    });

    it('reads .json files uploaded as they are, and names a malformed one', async () => {
      const good = await upload(
        superAdmin.headers,
        { dryRun: 'true' },
        { name: 'churches.json', data: await readFile(path.join(folder, 'churches.json')), type: 'application/json' },
      );
      expect(good.statusCode).toBe(200);
      expect(good.json().collections.churches).toEqual({
        read: 200,
        created: 0,
        updated: 0,
        unchanged: 199,
        skipped: 1,
      });
      const bad = await upload(
        superAdmin.headers,
        { dryRun: 'true' },
        { name: 'accounts.json', data: Buffer.from('{"_id": 1}\n{nope'), type: 'application/json' },
      );
      expectMessage(bad, 400, 'accounts.json, line 2: not valid JSON.');
    });

    it.each([
      [
        'a text file',
        'true',
        { name: 'notes.txt', data: Buffer.from('hi'), type: 'text/plain' },
        MIGRATION_MESSAGES.unsupportedUpload,
      ],
      [
        'a file name too long',
        'true',
        { name: `${'é'.repeat(150)}.json`, data: Buffer.from('[]'), type: 'application/json' },
        MIGRATION_MESSAGES.nameTooLong,
      ],
      [
        'a zip that is not one',
        'true',
        { name: 'export.zip', data: Buffer.from('PK junk'), type: 'application/zip' },
        MIGRATION_MESSAGES.badZip,
      ],
      ['a bad dryRun', 'maybe', undefined, MIGRATION_MESSAGES.dryRunInvalid],
    ])('refuses %s (400)', async (_case, dryRun, file, message) => {
      expectMessage(await upload(superAdmin.headers, { dryRun }, file), 400, message);
    });

    it('refuses a zip cut short, wherever the cut falls (400), and changes nothing', async () => {
      const before = await snapshot(app);
      // A collection first: cut in the next entry's header, its documents would be imported without the rest.
      const entries = await exportEntries(folder);
      const first = 'export/languages.json';
      const zipped = Buffer.from(zipSync({ [first]: entries[first] as Uint8Array, ...entries }));
      const secondEntry = zipped.indexOf('PK\x03\x04', 4, 'latin1');
      for (const cut of [200, secondEntry + 10, zipped.length - 10]) {
        const response = await upload(
          superAdmin.headers,
          { dryRun: 'true' },
          { name: 'export.zip', data: zipped.subarray(0, cut), type: 'application/zip' },
        );
        expectMessage(response, 400, MIGRATION_MESSAGES.badZip);
      }
      expect(await snapshot(app)).toEqual(before);
      expect(await readdir(path.join(app.config.dataDir, 'migration-uploads'))).toEqual([]);
    });

    it('refuses a multipart body without a boundary, or cut short (400), and leaves nothing behind', async () => {
      const before = await snapshot(app);
      const bodies = [
        ['multipart/form-data', 'dryRun=true'],
        [
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="churches.json"\r\n\r\n[',
        ],
      ];
      for (const [contentType, payload] of bodies) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/migrate/import',
          headers: { ...superAdmin.headers, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, contentType).toBe(400);
        expect(response.json()).toEqual(errorBody(MESSAGES.brokenUpload));
      }
      expect(await snapshot(app)).toEqual(before);
      expect(await readdir(path.join(app.config.dataDir, 'migration-uploads'))).toEqual([]);
    });

    it('stops unzipping a file that grows past the limit (413) and leaves nothing behind', async () => {
      const before = await snapshot(app);
      const bomb = zipBomb({
        'export/churches.json': 1,
        'export/transactions.json': MAX_MIGRATION_FILE_BYTES / 1_048_576 + 1,
      });
      expect(bomb.length).toBeLessThan(300_000);
      const response = await upload(
        superAdmin.headers,
        { dryRun: 'false' },
        { name: 'export.zip', data: bomb, type: 'application/zip' },
      );
      expectMessage(response, 413, migrationFileTooLargeMessage('transactions.json'));
      expect(await snapshot(app)).toEqual(before);
      expect(await readdir(path.join(app.config.dataDir, 'migration-uploads'))).toEqual([]);
    });

    it('drops NUL characters from the export’s text and ignores dates no database holds', async () => {
      const legacyId = '64b7f0a01c9d440000a1b2c3';
      const church = { _id: { $oid: legacyId }, name: 'Bethel\u0000 Chapel', country: 'Gh\u0000ana', allocation: 5 };
      const response = await upload(
        superAdmin.headers,
        { dryRun: 'false' },
        {
          name: 'church\u0000es.json',
          data: Buffer.from(JSON.stringify({ ...church, createdAt: { $date: -8.64e15 } })),
          type: 'application/json',
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().collections.churches).toMatchObject({ read: 1, created: 1 });
      const [stored] = await app.db.select().from(churches).where(eq(churches.legacyId, legacyId));
      expect(stored).toMatchObject({ name: 'Bethel Chapel', country: 'Ghana', allocation: 5 });
      // The date inside the ObjectId, as for a record without a date.
      expect(stored?.createdAt).toEqual(new Date(0x64b7f0a0 * 1000));
    });
  });

  describe('GET /api/migrate/progress', () => {
    it('is for the Super Admin only', async () => {
      expect((await app.inject({ url: '/api/migrate/progress' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/migrate/progress', headers: admin.headers })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/migrate/progress', headers: user.headers })).statusCode).toBe(403);
    });

    it('checks the account as it is now: a demoted or deleted Super Admin’s unexpired token reads nothing', async () => {
      const demoted = await loginAs(app, 'Super Admin');
      const deleted = await loginAs(app, 'Super Admin');
      await app.db.update(accounts).set({ role: 'Admin' }).where(eq(accounts.id, demoted.account.id));
      await app.db.delete(accounts).where(eq(accounts.id, deleted.account.id));
      expect((await app.inject({ url: '/api/migrate/progress', headers: demoted.headers })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/migrate/progress', headers: deleted.headers })).statusCode).toBe(401);
    });

    it('follows a running import, which keeps a second one out and a demoted Super Admin too', async () => {
      const demoted = await loginAs(app, 'Super Admin');
      await app.db.update(accounts).set({ role: 'Admin' }).where(eq(accounts.id, demoted.account.id));
      let demotedWhileRunning: number | undefined;
      let settled = false;
      const running = upload(superAdmin.headers, { dryRun: 'false' }).finally(() => {
        settled = true;
      });
      const seen = new Set<string>();
      let second: number | undefined;
      while (!settled) {
        const progress = (await app.inject({ url: '/api/migrate/progress', headers: superAdmin.headers })).json();
        if (progress.running) {
          seen.add(progress.phase);
          expect(progress.done).toBeLessThanOrEqual(progress.total);
          demotedWhileRunning ??= (await app.inject({ url: '/api/migrate/progress', headers: demoted.headers }))
            .statusCode;
        }
        // Inside the transaction, where the embedded database has no connection to spare.
        if (progress.phase === 'accounts' || progress.phase === 'files' || progress.phase === 'transactions') {
          second ??= (await upload(superAdmin.headers, { dryRun: 'true' })).statusCode;
        }
        await new Promise(setImmediate);
      }
      expect((await running).statusCode).toBe(200);
      lastReport = (await running).json();
      expect(seen.size).toBeGreaterThan(0);
      expect(second).toBe(409);
      expect(demotedWhileRunning).toBe(403);
      const after = await app.inject({ url: '/api/migrate/progress', headers: superAdmin.headers });
      expect(after.json()).toEqual({ running: false, phase: null, done: 0, total: 0 });
    });
  });

  describe('GET /api/migrate/migrate-data', () => {
    it('answers the latest report to the Super Admin only', async () => {
      const response = await app.inject({ url: '/api/migrate/migrate-data', headers: superAdmin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(lastReport);
      expect(lastReport.collections.accounts).toMatchObject({ created: 0, unchanged: FIRST_IMPORT.accounts.created });
      expect((await app.inject({ url: '/api/migrate/migrate-data', headers: admin.headers })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/migrate/migrate-data' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/migrate/reports/latest', () => {
    it('answers the latest report inside { report }', async () => {
      const response = await app.inject({ url: '/api/migrate/reports/latest', headers: superAdmin.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ report: lastReport });
    });
  });
});

// A first start of the embedded database in a new DATA_DIR alone takes seconds.
describe('npm run migrate:legacy', { timeout: 90_000 }, () => {
  const serverFolder = path.resolve(import.meta.dirname, '../../..');
  let dataDir: string;
  let exportFolder: string;
  let pdfFolder: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['src/modules/migrate/cli.ts', ...args], {
      cwd: serverFolder,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', INIT_CWD: serverFolder },
    });

  beforeAll(async () => {
    [dataDir, exportFolder, pdfFolder] = await Promise.all([temporaryFolder(), temporaryFolder(), temporaryFolder()]);
    await writeLegacyExport(exportFolder, pdfFolder);
    if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    await scratch?.drop();
    await Promise.all([dataDir, exportFolder, pdfFolder].map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('prints the report of a dry run as a table with the conflicts', async () => {
    const { stdout } = await cli(exportFolder, '--dry-run', '--files', pdfFolder);
    expect(stdout).toMatch(/^Legacy import, DRY RUN/);
    expect(stdout).toMatch(/collection\s+read\s+created\s+updated\s+unchanged\s+skipped/);
    expect(stdout).toMatch(/accounts\s+300\s+298\s+0\s+0\s+2/);
    expect(stdout).toMatch(/Conflicts, skipped \(\d+\):/);
    expect(stdout).toContain('Language "Klingon" does not exist.');
    expect(readdirSync(path.join(dataDir, 'files')).filter((name) => name.endsWith('.pdf'))).toEqual([]);
  });

  it('imports the folder with its PDFs from --files', async () => {
    const { stdout } = await cli(exportFolder, '--files', pdfFolder);
    expect(stdout).toMatch(/^Legacy import done\./);
    expect(stdout).toMatch(/transactions\s+400\s+396\s+0\s+0\s+4/);
    expect(readdirSync(path.join(dataDir, 'files')).filter((name) => name.endsWith('.pdf'))).toHaveLength(PDFS);
  });

  it('fails with one clear line and exit code 1', async () => {
    const missing = path.join(exportFolder, 'nowhere');
    await mkdir(path.join(dataDir, 'files'), { recursive: true });
    const failure = await cli(missing).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toBe(`Migration failed: ${missing} is not a folder.\n`);
  });
});

describe('a legacy import into a portal whose files are in a bucket', { timeout: 90_000 }, () => {
  it('puts the PDFs from --files in the bucket, under the records that name them', async () => {
    const bucketServer = await startBucketServer();
    const app = await buildTestApp(await newBucket(bucketServer.endpoint));
    const [exportFolder, pdfFolder] = await Promise.all([temporaryFolder(), temporaryFolder()]);
    try {
      await writeLegacyExport(exportFolder, pdfFolder);
      await importLegacyExport(app.db, app.storage, { exportFolder, pdfFolder, dryRun: false });
      const stored = (await app.storage.list()).map((file) => file.key).sort();
      expect(stored).toHaveLength(PDFS);
      const recorded = (await app.db.select({ key: files.storageKey }).from(files)).map((row) => row.key);
      expect(stored.every((key) => recorded.includes(key))).toBe(true);
    } finally {
      await app.close();
      await bucketServer.close();
      await Promise.all([exportFolder, pdfFolder].map((folder) => rm(folder, { recursive: true, force: true })));
    }
  });
});
