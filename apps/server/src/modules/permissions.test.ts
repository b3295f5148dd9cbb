import type { Role } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestAccount, loginAs, type TestApp } from '../../test/app.ts';
import { countryFileBody } from '../../test/countries.ts';
import { addEditionRecord } from '../../test/editions.ts';
import { books, churches, languages } from '../db/schema.ts';

/**
 * Who may do what in the back office: the status each endpoint answers to each kind of caller.
 * 401 = not signed in, 403 = signed in without the role, 2xx = done. Every call is otherwise valid, so
 * the status shows the permission alone; POST /api/translation/create answers 400 to admins because
 * editions are created by upload only (see translations/service.ts).
 */
const matrix = describe.each`
  endpoint                                               | anonymous | user   | admin  | superAdmin
  ${'GET /api/church/getAll'}                            | ${200}    | ${200} | ${200} | ${200}
  ${'GET /api/church/getById/:id'}                       | ${401}    | ${403} | ${200} | ${200}
  ${'POST /api/church/create/'}                          | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/church/create'}                           | ${401}    | ${403} | ${201} | ${201}
  ${'PUT /api/church/update/:id'}                        | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/church/delete/:id'}                     | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/languages/getAll'}                         | ${200}    | ${200} | ${200} | ${200}
  ${'POST /api/languages/create/'}                       | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/languages/create'}                        | ${401}    | ${403} | ${201} | ${201}
  ${'PUT /api/languages/:id'}                            | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/languages/:id'}                         | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/translation/getAll'}                       | ${401}    | ${403} | ${200} | ${200}
  ${'POST /api/translation/create/'}                     | ${401}    | ${403} | ${400} | ${400}
  ${'POST /api/translation/create'}                      | ${401}    | ${403} | ${400} | ${400}
  ${'PUT /api/translation/update/:id'}                   | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/translation/delete/:id'}                | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/country/getAll'}                           | ${200}    | ${200} | ${200} | ${200}
  ${'POST /api/files/uploadCountries'}                   | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/books'}                                    | ${200}    | ${200} | ${200} | ${200}
  ${'POST /api/books'}                                   | ${401}    | ${403} | ${201} | ${201}
  ${'PUT /api/books/:id'}                                | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/getAll'}                          | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts'}                                 | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/list'}                            | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/getById/:id of a User'}           | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/:id of a User'}                   | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/getById/:id of a Super Admin'}    | ${401}    | ${403} | ${403} | ${200}
  ${'POST /api/accounts a User'}                         | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/accounts a Super Admin'}                  | ${401}    | ${403} | ${403} | ${201}
  ${'PUT /api/accounts/updateUser/:id of a User'}        | ${401}    | ${403} | ${200} | ${200}
  ${'PUT /api/accounts/updateUser/:id of a Super Admin'} | ${401}    | ${403} | ${403} | ${200}
  ${'DELETE /api/accounts/:id of a User'}                | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/accounts/:id of a Super Admin'}         | ${401}    | ${403} | ${403} | ${200}
`;

type Caller = 'anonymous' | Role;
type Request = Omit<InjectOptions, 'method'> & { url: string };

let app: TestApp;
const headers: Record<Caller, Record<string, string>> = { anonymous: {}, User: {}, Admin: {}, 'Super Admin': {} };
let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;

beforeAll(async () => {
  app = await buildTestApp();
  for (const role of ['User', 'Admin', 'Super Admin'] as const) headers[role] = (await loginAs(app, role)).headers;
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
const accountInput = (role: Role) => {
  const email = `${unique('created').replace(' ', '-')}@example.org`;
  return { firstName: 'New', lastName: 'Person', email, password: 'Long-pass-1', confirmPassword: 'Long-pass-1', role };
};
const churchInput = () => ({ name: unique('Church'), country: 'Ghana', allocation: 5 });

/** How to call each endpoint validly; an endpoint missing here is called at its path without a body. */
const requests: Record<string, () => Promise<Request>> = {
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
};

async function call(endpoint: string, caller: Caller) {
  const [method, path] = endpoint.split(' ') as [InjectOptions['method'], string];
  const request = (await requests[endpoint]?.()) ?? { url: path };
  return app.inject({ ...request, method, headers: { ...request.headers, ...headers[caller] } });
}

matrix('$endpoint', ({ endpoint, anonymous, user, admin, superAdmin }) => {
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
