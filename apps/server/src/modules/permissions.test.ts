import { randomUUID } from 'node:crypto';
import type { Role } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, loginAs, type TestApp } from '../../test/app.ts';
import { countryFileBody } from '../../test/countries.ts';
import { addEditionRecord } from '../../test/editions.ts';
import { edition, makePdf, multipart, uploadEdition } from '../../test/files.ts';
import { type Caller, MATRIX, PUBLIC_ROUTES, routeOf, statusOf } from '../../test/permissions.ts';
import { buildTestAppWithRoutes } from '../../test/routes.ts';
import { bookCovers, books, churches, editionDays, languages } from '../db/schema.ts';
import { createReport } from './migrate/report.ts';
import { saveReport } from './migrate/saved-reports.ts';

type Request = Omit<InjectOptions, 'method'> & { url: string };

let app: TestApp;
let routes: string[];
const headers: Record<Caller, Record<string, string>> = { anonymous: {}, User: {}, Admin: {}, 'Super Admin': {} };
const accountIds = {} as Record<Role, string>;
let counter = 0;
const coverImage = sharp({ create: { width: 30, height: 40, channels: 3, background: '#888' } })
  .png()
  .toBuffer();
const unique = (name: string) => `${name} ${++counter}`;

beforeAll(async () => {
  ({ app, routes } = await buildTestAppWithRoutes());
  for (const role of ['User', 'Admin', 'Super Admin'] as const) {
    const signedIn = await loginAs(app, role);
    headers[role] = signedIn.headers;
    accountIds[role] = signedIn.account.id;
  }
});
afterAll(() => app.close());

async function newChurch() {
  const [church] = await app.db
    .insert(churches)
    .values({ name: unique('Church'), country: 'Ghana' })
    .returning();
  return church?.id as string;
}
async function newLanguage() {
  const [language] = await app.db
    .insert(languages)
    .values({ name: unique('Language') })
    .returning();
  return language as { id: string; name: string };
}
async function newEdition() {
  return (await addEditionRecord(app, { book: 'Teevo', languageId: (await newLanguage()).id, year: 2025, month: 1 }))
    .id;
}
async function newBook() {
  const [book] = await app.db
    .insert(books)
    .values({ name: unique('Book') })
    .returning();
  return book?.id as string;
}
/** A new book with a cover (any bytes: only its address is asked for); the cover's file name. */
async function newCoveredBook() {
  const bookId = await newBook();
  await app.db.insert(bookCovers).values({ bookId, hash: 'h', image: Buffer.from('cover') });
  return { bookId, file: 'h.webp' };
}
const newAccount = async (role: Role) => (await createTestAccount(app, { role })).account.id;
/** The caller's own account; anonymous callers are refused before the id matters. */
const ownAccount = async (caller: Caller) => (caller === 'anonymous' ? newAccount('User') : accountIds[caller]);
/** An edition with its PDF in the file store, for a download. */
async function storedEdition() {
  const language = (await newLanguage()).name;
  return (await uploadEdition(app, headers['Super Admin'], { ...edition, language })).json()._id as string;
}
async function editionUpload(url: string): Promise<Request> {
  const body = await multipart(
    { ...edition, language: (await newLanguage()).name },
    { name: 'edition.pdf', data: makePdf('Edition') },
  );
  return { url, payload: body.payload, headers: body.headers };
}
const thisYear = `start=${new Date().getFullYear()}-01-01&end=${new Date().getFullYear()}-12-31`;
const accountInput = (role: Role) => {
  const email = `${unique('created').replace(' ', '-')}@example.org`;
  return { firstName: 'New', lastName: 'Person', email, password: 'Long-pass-1', confirmPassword: 'Long-pass-1', role };
};
const churchInput = () => ({ name: unique('Church'), country: 'Ghana', allocation: 5 });

/** How to call each endpoint validly; an endpoint missing here is called at its path without a body. */
const requests: Record<string, (caller: Caller) => Promise<Request>> = {
  'GET /api/church/getById/:id': async () => ({ url: `/api/church/getById/${await newChurch()}` }),
  'POST /api/church/create/': async () => ({ url: '/api/church/create/', payload: churchInput() }),
  'POST /api/church/create': async () => ({ url: '/api/church/create', payload: churchInput() }),
  'PUT /api/church/update/:id': async () => ({
    url: `/api/church/update/${await newChurch()}`,
    payload: churchInput(),
  }),
  'DELETE /api/church/delete/:id': async () => ({ url: `/api/church/delete/${await newChurch()}` }),
  'POST /api/languages/create/': async () => ({ url: '/api/languages/create/', payload: { name: unique('Lang') } }),
  'POST /api/languages/create': async () => ({ url: '/api/languages/create', payload: { name: unique('Lang') } }),
  'PUT /api/languages/:id': async () => ({
    url: `/api/languages/${(await newLanguage()).id}`,
    payload: { name: unique('Renamed') },
  }),
  'DELETE /api/languages/:id': async () => ({ url: `/api/languages/${(await newLanguage()).id}` }),
  'POST /api/translation/create/': async () => ({ url: '/api/translation/create/', payload: {} }),
  'POST /api/translation/create': async () => ({ url: '/api/translation/create', payload: {} }),
  'PUT /api/translation/update/:id': async () => ({
    url: `/api/translation/update/${await newEdition()}`,
    payload: { book_language: (await newLanguage()).name },
  }),
  'DELETE /api/translation/delete/:id': async () => ({ url: `/api/translation/delete/${await newEdition()}` }),
  'POST /api/files/uploadCountries': async () => {
    const body = await countryFileBody(JSON.stringify(['Ghana', 'Kenya', 'Nigeria']));
    return { url: '/api/files/uploadCountries', payload: body.payload, headers: body.headers };
  },
  'POST /api/countries/preview': async () => {
    const body = await countryFileBody(JSON.stringify(['Ghana', 'Kenya', 'Nigeria']));
    return { url: '/api/countries/preview', payload: body.payload, headers: body.headers };
  },
  'POST /api/books': async () => ({ url: '/api/books', payload: { name: unique('Book') } }),
  'PUT /api/books/:id': async () => ({ url: `/api/books/${await newBook()}`, payload: { name: unique('Renamed') } }),
  'PUT /api/books/:id/cover': async () => {
    const body = await multipart({}, { name: 'cover.png', data: await coverImage, type: 'image/png', field: 'image' });
    return { url: `/api/books/${await newBook()}/cover`, headers: body.headers, payload: body.payload };
  },
  'DELETE /api/books/:id/cover': async () => ({ url: `/api/books/${(await newCoveredBook()).bookId}/cover` }),
  'GET /api/books/:id/cover/:file': async () => {
    const { bookId, file } = await newCoveredBook();
    return { url: `/api/books/${bookId}/cover/${file}` };
  },
  'GET /api/accounts/getById/:id of the caller': async (caller) => ({
    url: `/api/accounts/getById/${await ownAccount(caller)}`,
  }),
  'GET /api/accounts/:id of the caller': async (caller) => ({ url: `/api/accounts/${await ownAccount(caller)}` }),
  'GET /api/accounts/:id of a Super Admin': async () => ({ url: `/api/accounts/${await newAccount('Super Admin')}` }),
  'PUT /api/accounts/updateUser/:id of the caller': async (caller) => ({
    url: `/api/accounts/updateUser/${await ownAccount(caller)}`,
    payload: { firstName: 'Changed' },
  }),
  'GET /api/accounts/getById/:id of a User': async () => ({ url: `/api/accounts/getById/${await newAccount('User')}` }),
  'GET /api/accounts/:id of a User': async () => ({ url: `/api/accounts/${await newAccount('User')}` }),
  'GET /api/accounts/getById/:id of a Super Admin': async () => ({
    url: `/api/accounts/getById/${await newAccount('Super Admin')}`,
  }),
  'POST /api/accounts a User': async () => ({ url: '/api/accounts', payload: accountInput('User') }),
  'POST /api/accounts a Super Admin': async () => ({ url: '/api/accounts', payload: accountInput('Super Admin') }),
  'PUT /api/accounts/updateUser/:id of a User': async () => ({
    url: `/api/accounts/updateUser/${await newAccount('User')}`,
    payload: { firstName: 'Changed' },
  }),
  'PUT /api/accounts/updateUser/:id of a Super Admin': async () => ({
    url: `/api/accounts/updateUser/${await newAccount('Super Admin')}`,
    payload: { firstName: 'Changed' },
  }),
  'PUT /api/accounts/:id of the caller': async (caller) => ({
    url: `/api/accounts/${await ownAccount(caller)}`,
    payload: { firstName: 'Changed' },
  }),
  'PUT /api/accounts/:id of a User': async () => ({
    url: `/api/accounts/${await newAccount('User')}`,
    payload: { firstName: 'Changed' },
  }),
  'PUT /api/accounts/:id of a Super Admin': async () => ({
    url: `/api/accounts/${await newAccount('Super Admin')}`,
    payload: { firstName: 'Changed' },
  }),
  // A fresh account of the caller's role deletes itself: the shared callers stay for the other rows.
  'DELETE /api/accounts/:id of the caller': async (caller) => {
    if (caller === 'anonymous') return { url: `/api/accounts/${await newAccount('User')}` };
    const doomed = await loginAs(app, caller);
    return {
      url: `/api/accounts/${doomed.account.id}`,
      headers: doomed.headers,
      payload: { currentPassword: doomed.password },
    };
  },
  'DELETE /api/accounts/:id of a User': async () => ({ url: `/api/accounts/${await newAccount('User')}` }),
  'DELETE /api/accounts/:id of a Super Admin': async () => ({
    url: `/api/accounts/${await newAccount('Super Admin')}`,
  }),
  'POST /api/accounts/church of a User': async () => ({
    url: '/api/accounts/church',
    payload: { ids: [await newAccount('User')], churchId: await newChurch() },
  }),
  'POST /api/accounts/church of a Super Admin': async () => ({
    url: '/api/accounts/church',
    payload: { ids: [await newAccount('Super Admin')], churchId: await newChurch() },
  }),
  'POST /api/files/uploadfile': () => editionUpload('/api/files/uploadfile'),
  'POST /api/file/upload': () => editionUpload('/api/file/upload'),
  'POST /api/file/upload/': () => editionUpload('/api/file/upload/'),
  'GET /api/file/getById/:id': async () => ({ url: `/api/file/getById/${await newEdition()}` }),
  'DELETE /api/file/delete/:id': async () => ({ url: `/api/file/delete/${await newEdition()}` }),
  'GET /api/files/download-link/:id': async () => ({ url: `/api/files/download-link/${await storedEdition()}` }),
  'GET /api/files/download/:id': async () => ({ url: `/api/files/download/${await storedEdition()}` }),
  'GET /api/transaction/getTeeVoLanguagesByBookName': async () => ({
    url: '/api/transaction/getTeeVoLanguagesByBookName?book=Teevo&year=2025&month=1',
  }),
  'GET /api/editions/months': async () => ({ url: '/api/editions/months?book=Teevo' }),
  'GET /api/editions/search': async () => ({ url: '/api/editions/search?q=forgive' }),
  'GET /api/editions/days': async () => ({ url: '/api/editions/days' }),
  'GET /api/editions/:id/days': async () => ({ url: `/api/editions/${await newEdition()}/days` }),
  'GET /api/editions/:id/days/:day': async () => {
    const id = await newEdition();
    await app.db
      .insert(editionDays)
      .values({ fileId: id, source: 'admin', days: [{ day: 1, page: 1 }], pageCount: 1, scanned: false });
    return { url: `/api/editions/${id}/days/1` };
  },
  'GET /api/editions/:id/text': async () => ({ url: `/api/editions/${await newEdition()}/text` }),
  'PUT /api/editions/:id/days': async () => ({
    url: `/api/editions/${await newEdition()}/days`,
    payload: { firstPage: 1, pagesPerDay: 1 },
  }),
  'GET /api/transaction/getBookByName': async () => {
    const language = await newLanguage();
    await addEditionRecord(app, { book: 'Teevo', languageId: language.id, year: 2025, month: 1 });
    return { url: `/api/transaction/getBookByName?name=Teevo&language=${language.name}&year=2025&month=1` };
  },
  ...Object.fromEntries(
    ['create', 'create/', 'countDownload', 'countDownload/'].map((path) => [
      `POST /api/transaction/${path}`,
      async () => ({ url: `/api/transaction/${path}`, payload: { file: await newEdition() } }),
    ]),
  ),
  'GET /api/transaction/getDownloadsByUserid/:id of the caller': async (caller) => ({
    url: `/api/transaction/getDownloadsByUserid/${await ownAccount(caller)}`,
  }),
  'GET /api/transaction/getDownloadsByUserid/:id of another': async () => ({
    url: `/api/transaction/getDownloadsByUserid/${await newAccount('User')}`,
  }),
  'GET /api/transaction/totalDownloadsByUserid/:id of the caller': async (caller) => ({
    url: `/api/transaction/totalDownloadsByUserid/${await ownAccount(caller)}`,
  }),
  'GET /api/transaction/totalDownloadsByUserid/:id of another': async () => ({
    url: `/api/transaction/totalDownloadsByUserid/${await newAccount('User')}`,
  }),
  'GET /api/transaction/getDownloadCountByUserId of the caller': async (caller) => ({
    url: `/api/transaction/getDownloadCountByUserId?userId=${await ownAccount(caller)}&${thisYear}`,
  }),
  'GET /api/transaction/getDownloadCountByUserId of another': async () => ({
    url: `/api/transaction/getDownloadCountByUserId?userId=${await newAccount('User')}&${thisYear}`,
  }),
  'GET /api/transaction/getcountDownloadByDateRange': async () => ({
    url: `/api/transaction/getcountDownloadByDateRange?${thisYear}`,
  }),
  'GET /api/transaction/summary': async () => ({ url: `/api/transaction/summary?${thisYear}` }),
  'GET /api/transaction/getDownloadsByDateRange': async () => ({
    url: `/api/transaction/getDownloadsByDateRange?${thisYear}`,
  }),
  'POST /api/migrate/import': async () => {
    const legacyChurch = { _id: { $oid: '65920000aaaaaaaaaaaaaaaa' }, name: 'Legacy Chapel', country: 'Ghana' };
    const body = await multipart(
      { dryRun: 'true' },
      { name: 'churches.json', data: Buffer.from(JSON.stringify([legacyChurch])), type: 'application/json' },
    );
    return { url: '/api/migrate/import', payload: body.payload, headers: body.headers };
  },
  'PUT /api/notifications/choice': async () => ({
    url: '/api/notifications/choice',
    payload: { enabled: true, books: null, languages: [(await newLanguage()).id] },
  }),
  'POST /api/notifications/editions/:id/resend': async () => ({
    url: `/api/notifications/editions/${await newEdition()}/resend`,
  }),
  'PUT /api/notifications/settings': async () => ({ url: '/api/notifications/settings', payload: { paused: false } }),
  'PUT /api/reminders': async () => ({
    url: '/api/reminders',
    payload: {
      time: '07:00',
      timeZone: 'Africa/Accra',
      subscription: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        keys: { p256dh: 'key', auth: 'secret' },
      },
    },
  }),
  'GET /api/migrate/migrate-data': async () => {
    await saveReport(app.db, createReport(true).finish(), undefined);
    return { url: '/api/migrate/migrate-data' };
  },
};

async function call(endpoint: string, caller: Caller) {
  const [method, path] = endpoint.split(' ') as [InjectOptions['method'], string];
  const request = (await requests[endpoint]?.(caller)) ?? { url: path };
  return app.inject({ ...request, method, headers: { ...headers[caller], ...request.headers } });
}

describe.each(MATRIX)('$endpoint', (row) => {
  it.each((['anonymous', 'User', 'Admin', 'Super Admin'] as Caller[]).map((caller) => [caller, statusOf(row, caller)]))(
    'answers %s with %i',
    async (caller, status) => {
      const { endpoint } = row;
      const response = await call(endpoint, caller);
      expect(response.statusCode, response.body).toBe(status);
    },
  );
});

describe('the matrix', () => {
  it('lists every API route but the public ones, and those exist', () => {
    const listed = new Set([...MATRIX.map((row) => routeOf(row.endpoint)), ...PUBLIC_ROUTES]);
    const apiRoutes = routes.filter((route) => {
      const [method, url] = route.split(' ');
      return url?.startsWith('/api') && method !== 'HEAD' && method !== 'OPTIONS';
    });
    expect(apiRoutes.filter((route) => !listed.has(route))).toEqual([]);
    expect(PUBLIC_ROUTES.filter((route) => !routes.includes(route))).toEqual([]);
  });
});

// A refused caller learns nothing from what they sent: who they are, and the role their route needs, are
// checked before the body is read. Whose account a call is about is checked with the call itself.
const refusedFirst = (row: (typeof MATRIX)[number]) =>
  (['anonymous', 'User'] as Caller[]).filter(
    (caller) => statusOf(row, caller) >= 400 && (caller === 'anonymous' || row.endpoint.split(' ').length === 2),
  );
describe.each(MATRIX.filter((row) => refusedFirst(row).length > 0))('$endpoint with a garbled body', (row) => {
  it.each(refusedFirst(row))('refuses %s for who they are, not for the body', async (caller) => {
    const [method, path] = row.endpoint.split(' ') as [InjectOptions['method'], string];
    const request = (await requests[row.endpoint]?.(caller)) ?? { url: path };
    const response = await app.inject({
      method,
      url: request.url,
      headers: { ...headers[caller], 'content-type': 'application/json' },
      payload: '{"',
    });
    expect(response.statusCode, response.body).toBe(statusOf(row, caller));
  });
});
