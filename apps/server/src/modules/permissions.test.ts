import type { Role } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, loginAs, type TestApp } from '../../test/app.ts';
import { countryFileBody } from '../../test/countries.ts';
import { addEditionRecord } from '../../test/editions.ts';
import { edition, makePdf, multipart, uploadEdition } from '../../test/files.ts';
import { buildTestAppWithRoutes } from '../../test/routes.ts';
import { books, churches, languages } from '../db/schema.ts';
import { createReport } from './migrate/report.ts';
import { saveReport } from './migrate/saved-reports.ts';

/**
 * Who may do what: the status each API endpoint answers to each kind of caller.
 * 401 = not signed in, 403 = signed in without the role, 2xx = done. Every call is otherwise valid, so
 * the status shows the permission alone; POST /api/translation/create answers 400 to admins because
 * editions are created by upload only (see translations/service.ts). "of the caller" and "of another"
 * name whose account the call is about. Every /api route is either here or in PUBLIC_ROUTES.
 */
const MATRIX = rows`
  endpoint                                                           | anonymous | user   | admin  | superAdmin
  ${'GET /api/church/getAll'}                                        | ${200}    | ${200} | ${200} | ${200}
  ${'GET /api/church/getById/:id'}                                   | ${401}    | ${403} | ${200} | ${200}
  ${'POST /api/church/create/'}                                      | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/church/create'}                                       | ${401}    | ${403} | ${201} | ${201}
  ${'PUT /api/church/update/:id'}                                    | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/church/delete/:id'}                                 | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/languages/getAll'}                                     | ${200}    | ${200} | ${200} | ${200}
  ${'POST /api/languages/create/'}                                   | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/languages/create'}                                    | ${401}    | ${403} | ${201} | ${201}
  ${'PUT /api/languages/:id'}                                        | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/languages/:id'}                                     | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/translation/getAll'}                                   | ${401}    | ${403} | ${200} | ${200}
  ${'POST /api/translation/create/'}                                 | ${401}    | ${403} | ${400} | ${400}
  ${'POST /api/translation/create'}                                  | ${401}    | ${403} | ${400} | ${400}
  ${'PUT /api/translation/update/:id'}                               | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/translation/delete/:id'}                            | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/country/getAll'}                                       | ${200}    | ${200} | ${200} | ${200}
  ${'POST /api/files/uploadCountries'}                               | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/books'}                                                | ${200}    | ${200} | ${200} | ${200}
  ${'POST /api/books'}                                               | ${401}    | ${403} | ${201} | ${201}
  ${'PUT /api/books/:id'}                                            | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/getAll'}                                      | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts'}                                             | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/list'}                                        | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/getById/:id of a User'}                       | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/:id of a User'}                               | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/getById/:id of a Super Admin'}                | ${401}    | ${403} | ${403} | ${200}
  ${'POST /api/accounts a User'}                                     | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/accounts a Super Admin'}                              | ${401}    | ${403} | ${403} | ${201}
  ${'PUT /api/accounts/updateUser/:id of a User'}                    | ${401}    | ${403} | ${200} | ${200}
  ${'PUT /api/accounts/updateUser/:id of a Super Admin'}             | ${401}    | ${403} | ${403} | ${200}
  ${'DELETE /api/accounts/:id of a User'}                            | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/accounts/:id of a Super Admin'}                     | ${401}    | ${403} | ${403} | ${200}
  ${'POST /api/files/uploadfile'}                                    | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/file/upload'}                                         | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/file/upload/'}                                        | ${401}    | ${403} | ${201} | ${201}
  ${'GET /api/file/getAll'}                                          | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/files/getAllFiles'}                                    | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/file/getById/:id'}                                     | ${401}    | ${200} | ${200} | ${200}
  ${'DELETE /api/file/delete/:id'}                                   | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/files/download-link/:id'}                              | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/files/download/:id'}                                   | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/getTeeVoLanguagesByBookName'}              | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/getBookByName'}                            | ${401}    | ${200} | ${200} | ${200}
  ${'POST /api/transaction/create'}                                  | ${401}    | ${200} | ${200} | ${200}
  ${'POST /api/transaction/create/'}                                 | ${401}    | ${200} | ${200} | ${200}
  ${'POST /api/transaction/countDownload'}                           | ${401}    | ${200} | ${200} | ${200}
  ${'POST /api/transaction/countDownload/'}                          | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/myDownloadCounts'}                         | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/getDownloadsByUserid/:id of the caller'}   | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/getDownloadsByUserid/:id of another'}      | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/totalDownloadsByUserid/:id of the caller'} | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/totalDownloadsByUserid/:id of another'}    | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/getDownloadCountByUserId of the caller'}   | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/transaction/getDownloadCountByUserId of another'}      | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/getcountDownloadByDateRange'}              | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/summary'}                                  | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/getAllDownloadByBookType'}                 | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/getAllDownloads'}                          | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/transaction/getDownloadsByDateRange'}                  | ${401}    | ${403} | ${200} | ${200}
  ${'POST /api/migrate/import'}                                      | ${401}    | ${403} | ${403} | ${200}
  ${'GET /api/migrate/progress'}                                     | ${401}    | ${403} | ${403} | ${200}
  ${'GET /api/migrate/migrate-data'}                                 | ${401}    | ${403} | ${403} | ${200}
`;

/** Routes anyone may call that the matrix leaves out: signing up and in, health, configuration and the API docs. */
const PUBLIC_ROUTES = [
  'POST /api/accounts/register',
  'POST /api/accounts/verify-email',
  'POST /api/accounts/authenticate',
  'POST /api/accounts/refresh-token',
  'POST /api/accounts/revoke-token',
  'POST /api/accounts/forgot-password',
  'POST /api/accounts/validate-reset-token',
  'POST /api/accounts/reset-password',
  'GET /api/health',
  'GET /api/config',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
];

interface Row {
  endpoint: string;
  anonymous: number;
  user: number;
  admin: number;
  superAdmin: number;
}

/** Reads the table above: its header line says the columns, the values fill them row by row. */
function rows(strings: TemplateStringsArray, ...cells: (string | number)[]): Row[] {
  const columns = (strings[0] ?? '').split('|').map((name) => name.trim()) as (keyof Row)[];
  return Array.from({ length: cells.length / columns.length }, (_, row) =>
    Object.fromEntries(columns.map((name, column) => [name, cells[row * columns.length + column]])),
  ) as unknown as Row[];
}

/** "GET /api/accounts/:id of a User" is a call of route "GET /api/accounts/:id". */
const routeOf = (endpoint: string) => endpoint.split(' ').slice(0, 2).join(' ');

type Caller = 'anonymous' | Role;
type Request = Omit<InjectOptions, 'method'> & { url: string };

let app: TestApp;
let routes: string[];
const headers: Record<Caller, Record<string, string>> = { anonymous: {}, User: {}, Admin: {}, 'Super Admin': {} };
const accountIds = {} as Record<Role, string>;
let counter = 0;
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
  'POST /api/books': async () => ({ url: '/api/books', payload: { name: unique('Book') } }),
  'PUT /api/books/:id': async () => ({ url: `/api/books/${await newBook()}`, payload: { name: unique('Renamed') } }),
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
  'DELETE /api/accounts/:id of a User': async () => ({ url: `/api/accounts/${await newAccount('User')}` }),
  'DELETE /api/accounts/:id of a Super Admin': async () => ({
    url: `/api/accounts/${await newAccount('Super Admin')}`,
  }),
  'POST /api/files/uploadfile': () => editionUpload('/api/files/uploadfile'),
  'POST /api/file/upload': () => editionUpload('/api/file/upload'),
  'POST /api/file/upload/': () => editionUpload('/api/file/upload/'),
  'GET /api/file/getById/:id': async () => ({ url: `/api/file/getById/${await newEdition()}` }),
  'DELETE /api/file/delete/:id': async () => ({ url: `/api/file/delete/${await newEdition()}` }),
  'GET /api/files/download-link/:id': async () => ({ url: `/api/files/download-link/${await newEdition()}` }),
  'GET /api/files/download/:id': async () => ({ url: `/api/files/download/${await storedEdition()}` }),
  'GET /api/transaction/getTeeVoLanguagesByBookName': async () => ({
    url: '/api/transaction/getTeeVoLanguagesByBookName?book=Teevo&year=2025&month=1',
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
  'GET /api/migrate/migrate-data': async () => {
    await saveReport(app.db, createReport(true).finish(), undefined);
    return { url: '/api/migrate/migrate-data' };
  },
};

async function call(endpoint: string, caller: Caller) {
  const [method, path] = endpoint.split(' ') as [InjectOptions['method'], string];
  const request = (await requests[endpoint]?.(caller)) ?? { url: path };
  return app.inject({ ...request, method, headers: { ...request.headers, ...headers[caller] } });
}

describe.each(MATRIX)('$endpoint', ({ endpoint, anonymous, user, admin, superAdmin }) => {
  it.each([
    ['anonymous', anonymous],
    ['User', user],
    ['Admin', admin],
    ['Super Admin', superAdmin],
  ] as [Caller, number][])('answers %s with %i', async (caller, status) => {
    const response = await call(endpoint, caller);
    expect(response.statusCode, response.body).toBe(status);
  });
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
