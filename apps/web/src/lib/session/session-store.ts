import { type Account, isAccount, type Session } from '@portal/contract';
import { USER_STORAGE_KEY } from './user-storage-key.ts';

/** The signed-in account's public profile, as the authenticate and refresh-token answers carry it. */
export type SessionUser = Account;

/**
 * Why there is no session: the person signed out (guarded pages then go to the landing page), or the
 * server refused it (they go to sign in, told that the session ended).
 */
export type SessionEnd = 'signed-out' | 'refused';

export interface SessionState {
  user: SessionUser | null;
  /** Short-lived access token; kept in memory only, never in storage. */
  accessToken: string | null;
  ended: SessionEnd | null;
}

function readStoredUser(): SessionUser | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null');
    return isAccount(stored) ? stored : null;
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

let state: SessionState = { user: readStoredUser(), accessToken: null, ended: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Every tab of the site shares one session, as they share the refresh cookie: a sign-in, a refresh or a
 * sign-out in one tab reaches the others at once, access token included (only same-origin pages can listen).
 */
const otherTabs = new BroadcastChannel('portal-session');
otherTabs.onmessage = (event: MessageEvent<SessionState>) => set(event.data);

/** This tab's new session: remembered for the next page load and handed to the other tabs. */
function change(next: SessionState) {
  writeStoredUser(next.user);
  set(next);
  otherTabs.postMessage(next);
}

export const getSession = () => state;

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Takes an authenticate or refresh-token answer. */
export function startSession({ jwtToken, ...user }: Session) {
  change({ user, accessToken: jwtToken, ended: null });
}

/** Takes the fields an account update answered with, keeping the access token. */
export function updateSessionUser(user: SessionUser) {
  change({ ...state, user });
}

export function endSession(ended: SessionEnd) {
  change({ user: null, accessToken: null, ended });
}

/** The sign-in page told the person why their session ended; later visits to guarded pages need not. */
export function acknowledgeSessionEnd() {
  if (state.ended === 'refused') set({ ...state, ended: null });
}
