/**
 * The original API's paths, and the REST path of this API each one is. The modules register only their
 * REST paths; a request to an old path is rewritten before routing, so clients written for the original
 * keep working, and the OpenAPI document lists both names. A trailing slash is ignored everywhere.
 */
export const LEGACY_PATHS: readonly (readonly [method: string, legacy: string, path: string])[] = [
  ['GET', '/api/church/getAll', '/api/churches'],
  ['GET', '/api/church/getById/:id', '/api/churches/:id'],
  ['POST', '/api/church/create', '/api/churches'],
  ['PUT', '/api/church/update/:id', '/api/churches/:id'],
  ['DELETE', '/api/church/delete/:id', '/api/churches/:id'],
  ['GET', '/api/languages/getAll', '/api/languages'],
  ['POST', '/api/languages/create', '/api/languages'],
  ['GET', '/api/translation/getAll', '/api/translations'],
  ['POST', '/api/translation/create', '/api/translations'],
  ['PUT', '/api/translation/update/:id', '/api/translations/:id'],
  ['DELETE', '/api/translation/delete/:id', '/api/translations/:id'],
  ['GET', '/api/country/getAll', '/api/countries'],
  ['POST', '/api/files/uploadCountries', '/api/countries'],
  ['GET', '/api/accounts/getAll', '/api/accounts'],
  ['GET', '/api/accounts/getById/:id', '/api/accounts/:id'],
  ['PUT', '/api/accounts/updateUser/:id', '/api/accounts/:id'],
  ['POST', '/api/files/uploadfile', '/api/files'],
  ['POST', '/api/file/upload', '/api/files'],
  ['GET', '/api/file/getAll', '/api/files'],
  ['GET', '/api/files/getAllFiles', '/api/files'],
  ['GET', '/api/file/getById/:id', '/api/files/:id'],
  ['DELETE', '/api/file/delete/:id', '/api/files/:id'],
  ['GET', '/api/files/download/:id', '/api/files/:id/download'],
  ['GET', '/api/files/download-link/:id', '/api/files/:id/download-link'],
  ['GET', '/api/transaction/getTeeVoLanguagesByBookName', '/api/editions/languages'],
  ['GET', '/api/transaction/getBookByName', '/api/editions/lookup'],
  ['POST', '/api/transaction/create', '/api/downloads'],
  ['POST', '/api/transaction/countDownload', '/api/downloads'],
  ['GET', '/api/transaction/getcountDownloadByDateRange', '/api/stats/languages'],
  ['GET', '/api/transaction/summary', '/api/stats/summary'],
  ['GET', '/api/transaction/getAllDownloadByBookType', '/api/stats/books'],
  ['GET', '/api/transaction/getAllDownloads', '/api/stats/downloads'],
  ['GET', '/api/transaction/getDownloadsByDateRange', '/api/stats/downloads/by-date'],
  ['GET', '/api/transaction/getDownloadsByUserid/:id', '/api/stats/accounts/:id/downloads'],
  ['GET', '/api/transaction/totalDownloadsByUserid/:id', '/api/stats/accounts/:id/downloads/total'],
  ['GET', '/api/transaction/getDownloadCountByUserId', '/api/stats/downloads/count'],
  ['GET', '/api/transaction/myDownloadCounts', '/api/stats/mine'],
  ['GET', '/api/migrate/migrate-data', '/api/migrate/report'],
];

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const rewrites = LEGACY_PATHS.map(([method, legacy, path]) => ({
  method,
  pattern: new RegExp(`^${legacy.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
  path,
}));

/** The REST URL of a request to an old path (query string kept), or the URL as it came. */
export function rewriteLegacyUrl(method: string, url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const asked = method === 'HEAD' ? 'GET' : method;
  for (const rewrite of rewrites) {
    const match = rewrite.method === asked ? rewrite.pattern.exec(withoutTrailingSlash(path)) : null;
    if (!match) continue;
    const target = rewrite.path.replace(/:(\w+)/g, (_, name: string) => match.groups?.[name] ?? '');
    return query === undefined ? target : `${target}?${query}`;
  }
  return url;
}

/** "POST /api/church/create/" as the REST route it is: "POST /api/churches". */
export function restRoute(route: string): string {
  const [method = '', path = ''] = route.split(' ');
  const bare = withoutTrailingSlash(path);
  const alias = LEGACY_PATHS.find(([each, legacy]) => each === method && legacy === bare);
  return `${method} ${alias ? alias[2] : bare}`;
}

type Paths = Record<string, Record<string, { summary?: string; operationId?: string } | undefined> | undefined>;

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The OpenAPI document with each old path listed beside its REST path, as the same operation. */
export function withLegacyPaths<T extends { paths?: object }>(document: T): T {
  const paths: Paths = { ...(document.paths as Paths | undefined) };
  for (const [method, legacy, path] of LEGACY_PATHS) {
    const operation = paths[openApiPath(path)]?.[method.toLowerCase()];
    if (!operation) continue;
    // An operation id names one operation only: the old name goes without it.
    const { operationId: _, ...same } = operation;
    paths[openApiPath(legacy)] = {
      ...paths[openApiPath(legacy)],
      [method.toLowerCase()]: {
        ...same,
        summary: `${operation.summary ?? ''} (the original API's name for ${method} ${path})`.trim(),
      },
    };
  }
  return { ...document, paths };
}
