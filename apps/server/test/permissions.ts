import type { Role } from '@portal/contract';

/**
 * Who may do what: the status each API endpoint answers to each kind of caller.
 * 401 = not signed in, 403 = signed in without the role, 2xx = done. Every call is otherwise valid, so
 * the status shows the permission alone; POST /api/translation/create answers 400 to admins because
 * editions are created by upload only (see translations/service.ts). "of the caller" and "of another"
 * name whose account the call is about; "of a User" and "a Super Admin", the role of that other account
 * (or the role a call gives it). Every /api route is either here or in PUBLIC_ROUTES.
 */
export const MATRIX = rows`
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
  ${'GET /api/accounts/getById/:id of the caller'}                   | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/accounts/getById/:id of a User'}                       | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/:id of the caller'}                           | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/accounts/:id of a User'}                               | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/accounts/:id of a Super Admin'}                        | ${401}    | ${403} | ${403} | ${200}
  ${'GET /api/accounts/getById/:id of a Super Admin'}                | ${401}    | ${403} | ${403} | ${200}
  ${'POST /api/accounts a User'}                                     | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/accounts a Super Admin'}                              | ${401}    | ${403} | ${403} | ${201}
  ${'PUT /api/accounts/updateUser/:id of the caller'}                | ${401}    | ${200} | ${200} | ${200}
  ${'PUT /api/accounts/updateUser/:id of a User'}                    | ${401}    | ${403} | ${200} | ${200}
  ${'PUT /api/accounts/updateUser/:id of a Super Admin'}             | ${401}    | ${403} | ${403} | ${200}
  ${'PUT /api/accounts/:id of the caller'}                            | ${401}    | ${200} | ${200} | ${200}
  ${'PUT /api/accounts/:id of a User'}                                | ${401}    | ${403} | ${200} | ${200}
  ${'PUT /api/accounts/:id of a Super Admin'}                         | ${401}    | ${403} | ${403} | ${200}
  ${'DELETE /api/accounts/:id of the caller'}                         | ${401}    | ${200} | ${200} | ${200}
  ${'DELETE /api/accounts/:id of a User'}                            | ${401}    | ${403} | ${200} | ${200}
  ${'DELETE /api/accounts/:id of a Super Admin'}                     | ${401}    | ${403} | ${403} | ${200}
  ${'POST /api/files/uploadfile'}                                    | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/file/upload'}                                         | ${401}    | ${403} | ${201} | ${201}
  ${'POST /api/file/upload/'}                                        | ${401}    | ${403} | ${201} | ${201}
  ${'GET /api/file/getAll'}                                          | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/files/getAllFiles'}                                    | ${401}    | ${200} | ${200} | ${200}
  ${'GET /api/file/getById/:id'}                                     | ${401}    | ${200} | ${200} | ${200}
  ${'DELETE /api/file/delete/:id'}                                   | ${401}    | ${403} | ${200} | ${200}
  ${'GET /api/files/missing'}                                        | ${401}    | ${403} | ${200} | ${200}
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
export const PUBLIC_ROUTES = [
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

export type Caller = 'anonymous' | Role;

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
export const routeOf = (endpoint: string) => endpoint.split(' ').slice(0, 2).join(' ');

const columns: Record<Caller, Exclude<keyof Row, 'endpoint'>> = {
  anonymous: 'anonymous',
  User: 'user',
  Admin: 'admin',
  'Super Admin': 'superAdmin',
};

/** The account a call is about: whether it is the caller's own, and the role it has or would be given. */
export interface About {
  self: boolean;
  role?: Role | undefined;
}

/** Whether a row's qualifier ("of the caller", "of another", "of a User", "a Super Admin") fits the call. */
function fits(endpoint: string, about: About) {
  const qualifier = endpoint.split(' ').slice(2).join(' ');
  if (!qualifier) return true;
  if (qualifier === 'of the caller') return about.self;
  if (about.self) return false;
  return qualifier === 'of another' || qualifier.replace(/^(of )?an? /, '') === about.role;
}

const everyone = (endpoint: string): Row => ({ endpoint, anonymous: 200, user: 200, admin: 200, superAdmin: 200 });
const rowsOf = (route: string) =>
  [...MATRIX, ...PUBLIC_ROUTES.map(everyone)].filter((row) => routeOf(row.endpoint) === route);

/**
 * Whether the table lets `caller` succeed (2xx) at `route` ("METHOD /path/:param"; a trailing slash
 * the table doesn't list is ignored). Every row that fits the call must allow it; when none fits
 * (an Admin's account, say, which no row names), any row of the route allowing it is enough. A route
 * the table leaves out allows no one.
 */
export function allowed(route: string, caller: Caller, about: About = { self: false }): boolean {
  const listed = rowsOf(route);
  const routeRows = listed.length > 0 ? listed : rowsOf(route.replace(/(.)\/$/, '$1'));
  const succeeds = (row: Row) => row[columns[caller]] < 300;
  const fitting = routeRows.filter((row) => fits(row.endpoint, about));
  return fitting.length > 0 ? fitting.every(succeeds) : routeRows.some(succeeds);
}
