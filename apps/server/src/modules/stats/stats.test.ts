import { STATS_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectedBody, loginAs, type TestApp } from '../../../test/app.ts';
import { downloads, type NewDownload } from '../../db/schema.ts';

type Login = Awaited<ReturnType<typeof loginAs>>;

/** Portal in New York time: a download at 03:00 UTC on 1 March is still 28 February there. */
let app: TestApp;
let admin: Login;
let user: Login;
let other: Login;

const at = (iso: string, book: string, language: string, accountId: string | null): NewDownload => ({
  accountId,
  bookName: book,
  languageName: language,
  year: 2025,
  month: 3,
  downloadedAt: new Date(iso),
});

beforeAll(async () => {
  app = await buildTestApp({ TIME_ZONE: 'America/New_York' });
  admin = await loginAs(app, 'Admin');
  user = await loginAs(app, 'User');
  other = await loginAs(app, 'User');
  await app.db.insert(downloads).values([
    at('2025-03-01T03:00:00Z', 'Teevo', 'English', user.account.id), // 28 Feb 22:00 in New York
    at('2025-03-01T05:00:00Z', 'Teevo', 'English', user.account.id), // 1 Mar 00:00 in New York: first moment
    at('2025-03-15T12:00:00Z', 'Teevo', 'French', other.account.id),
    at('2025-03-15T12:00:00Z', 'Take5', 'English', other.account.id),
    at('2025-04-01T03:59:59Z', 'Teevo', 'English', other.account.id), // 31 Mar 23:59:59 in New York: last moment
    at('2025-04-01T04:00:00Z', 'Teevo', 'Spanish', user.account.id), // 1 Apr in New York
  ]);
  await app.db.insert(downloads).values([at(new Date().toISOString(), 'Teevo', 'English', user.account.id)]);
});
afterAll(() => app.close());

const get = (url: string, who: Login | null = admin) =>
  app.inject({ method: 'GET', url, headers: who ? who.headers : {} });

describe('GET /api/transaction/getcountDownloadByDateRange', () => {
  it('counts per language with both days inclusive in the portal’s time zone, most first', async () => {
    const response = await get(
      '/api/transaction/getcountDownloadByDateRange?book=Teevo&start=2025-03-01&end=2025-03-31',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { _id: 'English', count: 2 },
      { _id: 'French', count: 1 },
    ]);
  });

  it('counts every book when none is named, and matches the book name in any case', async () => {
    const all = await get('/api/transaction/getcountDownloadByDateRange?start=2025-03-01&end=2025-03-31');
    expect(all.json()).toEqual([
      { _id: 'English', count: 3 },
      { _id: 'French', count: 1 },
    ]);
    const take5 = await get('/api/transaction/getcountDownloadByDateRange?book=TAKE5&start=2025-03-01&end=2025-03-31');
    expect(take5.json()).toEqual([{ _id: 'English', count: 1 }]);
  });

  it('a single day counts only that day; a day with nothing is empty; an unknown book is empty', async () => {
    const day = await get('/api/transaction/getcountDownloadByDateRange?book=Teevo&start=2025-02-28&end=2025-02-28');
    expect(day.json()).toEqual([{ _id: 'English', count: 1 }]);
    expect((await get('/api/transaction/getcountDownloadByDateRange?start=2024-01-01&end=2024-01-31')).json()).toEqual(
      [],
    );
    expect(
      (await get('/api/transaction/getcountDownloadByDateRange?book=Nope&start=2025-03-01&end=2025-03-31')).json(),
    ).toEqual([]);
  });

  it.each([
    ['start=2025-03-31&end=2025-03-01', STATS_MESSAGES.startAfterEnd],
    ['start=2025-02-30&end=2025-03-01', STATS_MESSAGES.badDate],
    ['start=yesterday&end=2025-03-01', STATS_MESSAGES.badDate],
    ['end=2025-03-01', STATS_MESSAGES.badDate],
    ['start=2025-03-01&end=2025-03-31&book=Tee%00vo', 'book: must not contain control characters'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await get(`/api/transaction/getcountDownloadByDateRange?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expectedBody(message));
  });

  it('is for admins only', async () => {
    const url = '/api/transaction/getcountDownloadByDateRange?start=2025-03-01&end=2025-03-31';
    expect((await get(url, user)).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
  });
});

describe('every date range', () => {
  const endpoints = ['getcountDownloadByDateRange', 'summary', 'getDownloadsByDateRange', 'getDownloadCountByUserId'];
  it.each(endpoints)('of %s refuses a day PostgreSQL can not hold with 400', async (endpoint) => {
    const response = await get(
      `/api/transaction/${endpoint}?start=0000-01-01&end=2025-03-31&userId=${admin.account.id}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expectedBody('start: must be a date between 1900-01-01 and 9999-12-31'));
  });

  it('takes the whole range from 1900-01-01 to 9999-12-31', async () => {
    const response = await get('/api/transaction/summary?start=1900-01-01&end=9999-12-31');
    expect(response.statusCode).toBe(200);
    expect(response.json().inRange).toBe(7);
  });
});

describe('GET /api/transaction/summary', () => {
  it('gives the dashboard figures for the range and the current month and year', async () => {
    const response = await get('/api/transaction/summary?book=Teevo&start=2025-03-01&end=2025-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inRange: 3,
      activeUsers: 2,
      thisMonth: 1,
      thisYear: 1,
      topLanguage: { _id: 'English', count: 2 },
    });
  });
});

describe('GET /api/transaction/getAllDownloadByBookType', () => {
  it('counts per book over all time', async () => {
    expect((await get('/api/transaction/getAllDownloadByBookType')).json()).toEqual([
      { _id: 'Teevo', count: 6 },
      { _id: 'Take5', count: 1 },
    ]);
  });
});

describe('GET /api/transaction/getAllDownloads and getDownloadsByDateRange', () => {
  it('pages every download, newest first, with the account’s e-mail', async () => {
    const page = (await get('/api/transaction/getAllDownloads?first=0&rows=5')).json();
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(5);
    expect(page.items[0]).toMatchObject({ email: user.account.email, book_name: 'Teevo' });
    const last = (await get('/api/transaction/getAllDownloads?first=5&rows=5')).json();
    expect(last.items).toHaveLength(2);
  });

  it('filters by days', async () => {
    const page = (await get('/api/transaction/getDownloadsByDateRange?start=2025-04-01&end=2025-04-30')).json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ book_language: 'Spanish', book_month: 'March', book_year: 2025 });
  });
});

describe('per-account counts', () => {
  it('a user sees own totals and range counts, not another user’s', async () => {
    expect((await get(`/api/transaction/totalDownloadsByUserid/${user.account.id}`, user)).json()).toEqual({
      count: 4,
    });
    const range = await get(
      `/api/transaction/getDownloadCountByUserId?userId=${user.account.id}&start=2025-03-01&end=2025-03-31`,
      user,
    );
    expect(range.json()).toEqual({ count: 1 });
    expect((await get(`/api/transaction/totalDownloadsByUserid/${other.account.id}`, user)).statusCode).toBe(403);
    expect((await get(`/api/transaction/getDownloadsByUserid/${other.account.id}`, user)).statusCode).toBe(403);
    const mine = (await get(`/api/transaction/getDownloadsByUserid/${user.account.id}`, user)).json();
    expect(mine.total).toBe(4);
  });

  it('an admin sees anyone’s', async () => {
    expect((await get(`/api/transaction/totalDownloadsByUserid/${other.account.id}`)).json()).toEqual({ count: 3 });
  });

  it('myDownloadCounts gives this month, this year and all time', async () => {
    expect((await get('/api/transaction/myDownloadCounts', user)).json()).toEqual({
      thisMonth: 1,
      thisYear: 1,
      total: 4,
    });
    expect((await get('/api/transaction/myDownloadCounts', null)).statusCode).toBe(401);
  });
});
