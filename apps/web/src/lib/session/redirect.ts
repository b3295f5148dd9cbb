export const LOGIN_PATH = '/login';
const REDIRECT_PARAM = 'redirect';

/** The sign-in page, remembering where to come back to. */
export function loginPath(from: string): string {
  return from === '/' || from === LOGIN_PATH
    ? LOGIN_PATH
    : `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: from })}`;
}

/** The remembered page, if it is a path on this site (never another origin: no open redirect). */
export function redirectTarget(search: URLSearchParams): string | null {
  const target = search.get(REDIRECT_PARAM);
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : null;
}
