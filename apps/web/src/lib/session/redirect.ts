export const LOGIN_PATH = '/login';
const REDIRECT_PARAM = 'redirect';

/** Router state of a visit to the sign-in page whose reason is that the server ended the session. */
export const SESSION_ENDED_STATE = { sessionEnded: true } as const;

export const isSessionEndedState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'sessionEnded' in state && state.sessionEnded === true;

const isLoginPage = (path: string) => path.split(/[?#]/)[0]?.toLowerCase() === LOGIN_PATH;

/** The sign-in page, remembering where to come back to (already on it, it stays as it is: never nested). */
export function loginPath(from: string): string {
  if (isLoginPage(from)) return from;
  return from === '/' ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: from })}`;
}

/** The remembered page, if it is a path on this site (never another origin: no open redirect). */
export function redirectTarget(search: URLSearchParams): string | null {
  const target = search.get(REDIRECT_PARAM);
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') && !isLoginPage(target)
    ? target
    : null;
}
