import { can, type Permission, type Role } from '@portal/contract';
import { restRoute } from '../src/legacy-paths.ts';

/**
 * Who may do what: each API endpoint with the permission of the contract's table it needs (`public`: no
 * sign-in; `signed-in`: anyone signed in) and the status a caller who may answers. A visitor gets 401,
 * a caller without the permission 403: the expectations come from PERMISSIONS itself. Every call is
 * otherwise valid, so the status shows the permission alone; POST /api/translation/create answers 400
 * to admins because editions are created by upload only (see translations/service.ts). "of the caller"
 * and "of another" name whose account the call is about; "of a User" and "a Super Admin", the role of
 * that other account (or the role a call gives it). Every /api route is either here or in PUBLIC_ROUTES.
 */
export const MATRIX = rows`
  endpoint                                                           | permission                        | done
  ${'GET /api/church/getAll'}                                        | ${'public'}                       | ${200}
  ${'GET /api/church/getById/:id'}                                   | ${'records:manage'}               | ${200}
  ${'POST /api/church/create/'}                                      | ${'records:manage'}               | ${201}
  ${'POST /api/church/create'}                                       | ${'records:manage'}               | ${201}
  ${'PUT /api/church/update/:id'}                                    | ${'records:manage'}               | ${200}
  ${'DELETE /api/church/delete/:id'}                                 | ${'records:manage'}               | ${200}
  ${'GET /api/languages/getAll'}                                     | ${'public'}                       | ${200}
  ${'POST /api/languages/create/'}                                   | ${'records:manage'}               | ${201}
  ${'POST /api/languages/create'}                                    | ${'records:manage'}               | ${201}
  ${'PUT /api/languages/:id'}                                        | ${'records:manage'}               | ${200}
  ${'DELETE /api/languages/:id'}                                     | ${'records:manage'}               | ${200}
  ${'GET /api/translation/getAll'}                                   | ${'records:manage'}               | ${200}
  ${'POST /api/translation/create/'}                                 | ${'records:manage'}               | ${400}
  ${'POST /api/translation/create'}                                  | ${'records:manage'}               | ${400}
  ${'PUT /api/translation/update/:id'}                               | ${'records:manage'}               | ${200}
  ${'DELETE /api/translation/delete/:id'}                            | ${'records:manage'}               | ${200}
  ${'GET /api/country/getAll'}                                       | ${'public'}                       | ${200}
  ${'POST /api/files/uploadCountries'}                               | ${'records:manage'}               | ${200}
  ${'POST /api/countries/preview'}                                   | ${'records:manage'}               | ${200}
  ${'GET /api/countries/restore/preview'}                            | ${'records:manage'}               | ${200}
  ${'POST /api/countries/restore'}                                   | ${'records:manage'}               | ${200}
  ${'GET /api/books'}                                                | ${'public'}                       | ${200}
  ${'POST /api/books'}                                               | ${'records:manage'}               | ${201}
  ${'PUT /api/books/:id'}                                            | ${'records:manage'}               | ${200}
  ${'PUT /api/books/:id/cover'}                                      | ${'records:manage'}               | ${200}
  ${'DELETE /api/books/:id/cover'}                                   | ${'records:manage'}               | ${200}
  ${'GET /api/books/:id/cover/:file'}                                | ${'public'}                       | ${200}
  ${'GET /api/accounts/getAll'}                                      | ${'accounts:manage'}              | ${200}
  ${'GET /api/accounts'}                                             | ${'accounts:manage'}              | ${200}
  ${'GET /api/accounts/list'}                                        | ${'accounts:manage'}              | ${200}
  ${'GET /api/accounts/getById/:id of the caller'}                   | ${'signed-in'}                    | ${200}
  ${'GET /api/accounts/getById/:id of a User'}                       | ${'accounts:manage'}              | ${200}
  ${'GET /api/accounts/:id of the caller'}                           | ${'signed-in'}                    | ${200}
  ${'GET /api/accounts/:id of a User'}                               | ${'accounts:manage'}              | ${200}
  ${'GET /api/accounts/:id of a Super Admin'}                        | ${'accounts:manage-super-admins'} | ${200}
  ${'GET /api/accounts/getById/:id of a Super Admin'}                | ${'accounts:manage-super-admins'} | ${200}
  ${'POST /api/accounts a User'}                                     | ${'accounts:manage'}              | ${201}
  ${'POST /api/accounts a Super Admin'}                              | ${'accounts:manage-super-admins'} | ${201}
  ${'PUT /api/accounts/updateUser/:id of the caller'}                | ${'signed-in'}                    | ${200}
  ${'PUT /api/accounts/updateUser/:id of a User'}                    | ${'accounts:manage'}              | ${200}
  ${'PUT /api/accounts/updateUser/:id of a Super Admin'}             | ${'accounts:manage-super-admins'} | ${200}
  ${'PUT /api/accounts/:id of the caller'}                           | ${'signed-in'}                    | ${200}
  ${'PUT /api/accounts/:id of a User'}                               | ${'accounts:manage'}              | ${200}
  ${'PUT /api/accounts/:id of a Super Admin'}                        | ${'accounts:manage-super-admins'} | ${200}
  ${'DELETE /api/accounts/:id of the caller'}                        | ${'signed-in'}                    | ${200}
  ${'DELETE /api/accounts/:id of a User'}                            | ${'accounts:manage'}              | ${200}
  ${'DELETE /api/accounts/:id of a Super Admin'}                     | ${'accounts:manage-super-admins'} | ${200}
  ${'POST /api/accounts/church of a User'}                           | ${'accounts:manage'}              | ${200}
  ${'POST /api/accounts/church of a Super Admin'}                    | ${'accounts:manage-super-admins'} | ${200}
  ${'POST /api/files/uploadfile'}                                    | ${'files:manage'}                 | ${201}
  ${'POST /api/file/upload'}                                         | ${'files:manage'}                 | ${201}
  ${'POST /api/file/upload/'}                                        | ${'files:manage'}                 | ${201}
  ${'GET /api/file/getAll'}                                          | ${'editions:download'}            | ${200}
  ${'GET /api/files/getAllFiles'}                                    | ${'editions:download'}            | ${200}
  ${'GET /api/file/getById/:id'}                                     | ${'editions:download'}            | ${200}
  ${'GET /api/editions'}                                              | ${'editions:download'}            | ${200}
  ${'GET /api/editions/this-month'}                                   | ${'editions:download'}            | ${200}
  ${'DELETE /api/file/delete/:id'}                                   | ${'files:manage'}                 | ${200}
  ${'GET /api/files/missing'}                                        | ${'files:manage'}                 | ${200}
  ${'GET /api/files/download-link/:id'}                              | ${'editions:download'}            | ${200}
  ${'GET /api/files/download/:id'}                                   | ${'editions:download'}            | ${200}
  ${'GET /api/transaction/getTeeVoLanguagesByBookName'}              | ${'editions:download'}            | ${200}
  ${'GET /api/editions/months'}                                     | ${'editions:download'}            | ${200}
  ${'GET /api/editions/search'}                                     | ${'editions:download'}            | ${200}
  ${'GET /api/editions/days'}                                       | ${'files:manage'}                 | ${200}
  ${'GET /api/editions/:id/days'}                                   | ${'editions:download'}            | ${200}
  ${'GET /api/editions/:id/days/:day'}                              | ${'editions:download'}            | ${200}
  ${'GET /api/editions/:id/text'}                                   | ${'editions:download'}            | ${200}
  ${'PUT /api/editions/:id/days'}                                   | ${'files:manage'}                 | ${200}
  ${'GET /api/transaction/getBookByName'}                            | ${'editions:download'}            | ${200}
  ${'POST /api/transaction/create'}                                  | ${'editions:download'}            | ${200}
  ${'POST /api/transaction/create/'}                                 | ${'editions:download'}            | ${200}
  ${'POST /api/transaction/countDownload'}                           | ${'editions:download'}            | ${200}
  ${'POST /api/transaction/countDownload/'}                          | ${'editions:download'}            | ${200}
  ${'GET /api/transaction/myDownloadCounts'}                         | ${'editions:download'}            | ${200}
  ${'GET /api/transaction/getDownloadsByUserid/:id of the caller'}   | ${'editions:download'}            | ${200}
  ${'GET /api/transaction/getDownloadsByUserid/:id of another'}      | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/totalDownloadsByUserid/:id of the caller'} | ${'editions:download'}            | ${200}
  ${'GET /api/transaction/totalDownloadsByUserid/:id of another'}    | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/getDownloadCountByUserId of the caller'}   | ${'editions:download'}            | ${200}
  ${'GET /api/transaction/getDownloadCountByUserId of another'}      | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/getcountDownloadByDateRange'}              | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/summary'}                                  | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/getAllDownloadByBookType'}                 | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/getAllDownloads'}                          | ${'stats:read'}                   | ${200}
  ${'GET /api/transaction/getDownloadsByDateRange'}                  | ${'stats:read'}                   | ${200}
  ${'POST /api/migrate/import'}                                      | ${'migration:run'}                | ${200}
  ${'GET /api/migrate/progress'}                                     | ${'migration:run'}                | ${200}
  ${'GET /api/migrate/migrate-data'}                                 | ${'migration:run'}                | ${200}
  ${'GET /api/migrate/reports/latest'}                               | ${'migration:run'}                | ${200}
  ${'GET /api/notifications/choice'}                                 | ${'editions:download'}            | ${200}
  ${'PUT /api/notifications/choice'}                                 | ${'editions:download'}            | ${200}
  ${'GET /api/notifications/editions'}                               | ${'files:manage'}                 | ${200}
  ${'POST /api/notifications/editions/:id/resend'}                   | ${'notifications:manage'}         | ${200}
  ${'GET /api/notifications/settings'}                               | ${'files:manage'}                 | ${200}
  ${'PUT /api/notifications/settings'}                               | ${'notifications:manage'}         | ${200}
  ${'GET /api/reminders'}                                           | ${'editions:download'}            | ${200}
  ${'PUT /api/reminders'}                                           | ${'editions:download'}            | ${200}
  ${'DELETE /api/reminders'}                                        | ${'editions:download'}            | ${200}
`;

/**
 * Routes anyone may call that the matrix leaves out: signing up and in, the new-edition mail's links and the
 * daily reminder's Stop (a signed token), health, configuration and the API docs.
 */
export const PUBLIC_ROUTES = [
  'POST /api/accounts/register',
  'POST /api/accounts/verify-email',
  'POST /api/accounts/authenticate',
  'POST /api/accounts/refresh-token',
  'POST /api/accounts/revoke-token',
  'POST /api/accounts/forgot-password',
  'POST /api/accounts/validate-reset-token',
  'POST /api/accounts/reset-password',
  'POST /api/notifications/unsubscribe',
  'POST /api/notifications/subscribe',
  'POST /api/reminders/stop',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'GET /api/links/:name',
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
  permission: Permission | 'public' | 'signed-in';
  done: number;
}

/** Reads the table above: its header line says the columns, the values fill them row by row. */
function rows(strings: TemplateStringsArray, ...cells: (string | number)[]): Row[] {
  const columns = (strings[0] ?? '').split('|').map((name) => name.trim()) as (keyof Row)[];
  return Array.from({ length: cells.length / columns.length }, (_, row) =>
    Object.fromEntries(columns.map((name, column) => [name, cells[row * columns.length + column]])),
  ) as unknown as Row[];
}

/**
 * "GET /api/accounts/:id of a User" is a call of route "GET /api/accounts/:id"; an endpoint under one of
 * the original API's names is a call of the REST route that name is rewritten to.
 */
export const routeOf = (endpoint: string) => restRoute(endpoint.split(' ').slice(0, 2).join(' '));

/** The status a row's call answers a caller: done, or the refusal the permission table says. */
export function statusOf({ permission, done }: Row, caller: Caller): number {
  if (permission === 'public') return done;
  if (caller === 'anonymous') return 401;
  return permission === 'signed-in' || can(caller, permission) ? done : 403;
}

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

const everyone = (endpoint: string): Row => ({ endpoint, permission: 'public', done: 200 });
const rowsOf = (route: string) =>
  [...MATRIX, ...PUBLIC_ROUTES.map(everyone)].filter((row) => routeOf(row.endpoint) === restRoute(route));

/**
 * Whether the table lets `caller` succeed (2xx) at `route` ("METHOD /path/:param", under its REST or its
 * original name, a trailing slash ignored). Every row that fits the call must allow it; when none fits
 * (an Admin's account, say, which no row names), any row of the route allowing it is enough. A route
 * the table leaves out allows no one.
 */
export function allowed(route: string, caller: Caller, about: About = { self: false }): boolean {
  const routeRows = rowsOf(route);
  const succeeds = (row: Row) => statusOf(row, caller) < 300;
  const fitting = routeRows.filter((row) => fits(row.endpoint, about));
  return fitting.length > 0 ? fitting.every(succeeds) : routeRows.some(succeeds);
}
