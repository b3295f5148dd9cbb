import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STATS_MESSAGES } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
import { edition, uploadEdition } from '../../../test/files.ts';
import { accounts, downloads, languages } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';

type Login = Awaited<ReturnType<typeof loginAs>>;

let app: TestApp;
let fileId: string;
let member: Login;
let admin: Login;
let superAdmin: Login;
const today = new Date().toISOString().slice(0, 10);
const range = `start=${today}&end=${today}`;

const get = (url: string, who: Login = admin) => app.inject({ method: 'GET', url, headers: who.headers });

/** Downloads the edition as the File List does: a download link, then the link. */
async function downloadThroughLink(who: Login, id = fileId) {
  const link = await get(`/api/files/download-link/${id}`, who);
  expect(link.statusCode).toBe(200);
  const response = await app.inject({ method: 'GET', url: link.json().url });
  expect(response.statusCode).toBe(200);
}

/** Every statistic an admin reads, with the query's ending: all of them count the same downloads. */
async function statistics(ending = '') {
  const [languagesCount, summary, books, all, within] = await Promise.all(
    [
      `/api/transaction/getcountDownloadByDateRange?${range}${ending}`,
      `/api/transaction/summary?${range}${ending}`,
      `/api/transaction/getAllDownloadByBookType?${ending}`,
      `/api/transaction/getAllDownloads?rows=100${ending}`,
      `/api/transaction/getDownloadsByDateRange?${range}&rows=100${ending}`,
    ].map(async (url) => {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      return response.json();
    }),
  );
  return {
    languages: languagesCount,
    summary: { inRange: summary.inRange, thisMonth: summary.thisMonth, activeUsers: summary.activeUsers },
    books,
    all: { total: all.total, roles: all.items.map((item: { role: string }) => item.role).sort() },
    within: { total: within.total, roles: within.items.map((item: { role: string }) => item.role).sort() },
  };
}

const counted = (n: number, roles: string[]) => ({
  languages: [{ _id: 'English', count: n }],
  summary: { inRange: n, thisMonth: n, activeUsers: n },
  books: [{ _id: 'Teevo', count: n }],
  all: { total: n, roles },
  within: { total: n, roles },
});

beforeAll(async () => {
  app = await buildTestApp();
  await app.db.insert(languages).values({ name: 'English' });
  member = await loginAs(app, 'User');
  admin = await loginAs(app, 'Admin');
  superAdmin = await loginAs(app, 'Super Admin');
  const now = new Date();
  const thisMonth = { ...edition, year: String(now.getUTCFullYear()), month: String(now.getUTCMonth() + 1) };
  fileId = (await uploadEdition(app, admin.headers, thisMonth)).json().id;
  await downloadThroughLink(member);
  await downloadThroughLink(admin);
  const bearer = await app.inject({
    method: 'GET',
    url: `/api/files/download/${fileId}`,
    headers: superAdmin.headers,
  });
  expect(bearer.statusCode).toBe(200);
});
afterAll(() => app.close());

describe('a download by the staff', () => {
  it('is recorded with the role it was made in', async () => {
    const rows = await app.db
      .select({ accountId: downloads.accountId, role: downloads.role })
      .from(downloads)
      .orderBy(asc(downloads.downloadedAt));
    expect(rows).toEqual([
      { accountId: member.account.id, role: 'User' },
      { accountId: admin.account.id, role: 'Admin' },
      { accountId: superAdmin.account.id, role: 'Super Admin' },
    ]);
  });

  it('is left out of every statistic by default, and counted with includeStaff=true', async () => {
    expect(await statistics()).toEqual(counted(1, ['User']));
    expect(await statistics('&includeStaff=false')).toEqual(counted(1, ['User']));
    expect(await statistics('&includeStaff=true')).toEqual(counted(3, ['Admin', 'Super Admin', 'User']));
  });

  it('still counts among the staff member’s own figures', async () => {
    expect((await get('/api/transaction/myDownloadCounts')).json()).toEqual({ thisMonth: 1, thisYear: 1, total: 1 });
    expect((await get(`/api/transaction/totalDownloadsByUserid/${superAdmin.account.id}`)).json()).toEqual({
      count: 1,
    });
  });

  it.each(['yes', '1', ''])('refuses includeStaff=%s with 400', async (value) => {
    for (const url of [
      `/api/transaction/summary?${range}&includeStaff=${value}`,
      `/api/transaction/getAllDownloadByBookType?includeStaff=${value}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody(STATS_MESSAGES.includeStaffInvalid));
    }
  });
});

describe('the role of a download', () => {
  it('is the account’s role when it downloads, not the one its session or link was issued with', async () => {
    const promoted = await loginAs(app, 'User');
    const link = (await get(`/api/files/download-link/${fileId}`, promoted)).json().url;
    await app.db.update(accounts).set({ role: 'Admin' }).where(eq(accounts.id, promoted.account.id));
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const [row] = await app.db
      .select({ role: downloads.role })
      .from(downloads)
      .where(eq(downloads.accountId, promoted.account.id));
    expect(row?.role).toBe('Admin');
    expect((await statistics()).summary.inRange).toBe(1);
    await app.db.delete(downloads).where(eq(downloads.accountId, promoted.account.id));
  });

  it('of a download made before it was recorded is its account’s role at migration 0007', async () => {
    // As before the migration: the Admin's download counted as a User's.
    await app.db.update(downloads).set({ role: 'User' }).where(eq(downloads.accountId, admin.account.id));
    expect((await statistics()).summary.inRange).toBe(2);
    const migration = await readFile(
      path.resolve(import.meta.dirname, '../../../drizzle/0007_staff-downloads.sql'),
      'utf8',
    );
    const backFill = migration.split('--> statement-breakpoint').at(-1) as string;
    await app.db.execute(sql.raw(backFill));
    expect(await statistics()).toEqual(counted(1, ['User']));
    expect(await statistics('&includeStaff=true')).toEqual(counted(3, ['Admin', 'Super Admin', 'User']));
  });
});
