import { type Account, accountSchema, type Session } from '@portal/contract';

/** The signed-in account's public profile, as the authenticate and refresh-token answers carry it. */
export type SessionUser = Account;

export interface SessionState {
  user: SessionUser | null;
  /** Short-lived access token; kept in memory only, never in storage. */
  accessToken: string | null;
  /** The person signed out in this tab: guarded pages send them to the landing page, not to sign in. */
  signedOut: boolean;
}

export const USER_STORAGE_KEY = 'user';

function readStoredUser(): SessionUser | null {
  try {
    const parsed = accountSchema.safeParse(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeStoredUser(user: SessionUser | null) {
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Blocked storage: the session still lasts for this page.
  }
}

let state: SessionState = { user: readStoredUser(), accessToken: null, signedOut: false };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const getSession = () => state;

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes an authenticate or refresh-token answer. */
export function startSession({ jwtToken, ...user }: Session) {
  writeStoredUser(user);
  set({ user, accessToken: jwtToken, signedOut: false });
}

/** Takes the fields an account update answered with, keeping the access token. */
export function updateSessionUser(user: SessionUser) {
  writeStoredUser(user);
  set({ ...state, user });
}

export function endSession({ signedOut = false } = {}) {
  writeStoredUser(null);
  set({ user: null, accessToken: null, signedOut });
}

/** Follows a sign-in or sign-out done in another tab, which shows here only as a change of the stored user. */
export function syncSessionFromStorage() {
  const user = readStoredUser();
  if (user?.id === state.user?.id) return;
  set({ user, accessToken: null, signedOut: false });
}
