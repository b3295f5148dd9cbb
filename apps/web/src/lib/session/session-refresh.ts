import { REFRESH_AHEAD_SECONDS, type Session } from '@portal/contract';
import { revokeRefreshCookie } from './revoke-session.ts';
import { endSession, getSession, startSession, subscribeSession } from './session-store.ts';

/** Seconds an access token lasts (its `exp` less its `iat` claim); undefined if unreadable. */
function lifetimeOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' && typeof payload.iat === 'number' ? payload.exp - payload.iat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the task while no other tab of the site runs one. Without the Web Locks API (a page served over
 * plain http from another host than localhost) each tab refreshes on its own, as the server allows.
 */
function inOneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  return 'locks' in navigator ? navigator.locks.request('portal-session-refresh', task) : task();
}

async function swapRefreshCookie(): Promise<boolean> {
  const response = await fetch('/api/accounts/refresh-token', {
    method: 'POST',
    headers: { Accept: 'application/json' },
  });
  // Signed out (here or in another tab) while the answer was on its way: it must not sign back in, and the
  // cookie it brought must not outlive the sign-out.
  if (!getSession().user) {
    if (response.ok) void revokeRefreshCookie();
    return false;
  }
  if (!response.ok) {
    endSession('refused');
    return false;
  }
  startSession((await response.json()) as Session);
  return true;
}

let pending: Promise<boolean> | null = null;

/**
 * Swaps the httpOnly refresh cookie for a new session. Callers in this tab share one request, and tabs
 * take turns: a tab that waited uses the session the tab before it got (session-store hands it over)
 * instead of spending the cookie a second time, which the server treats as theft once its grace is over.
 */
export function refreshSession(): Promise<boolean> {
  const before = getSession().accessToken;
  pending ??= inOneTabAtATime(async () => {
    const now = getSession();
    if (now.accessToken !== before) return now.accessToken !== null;
    return now.user ? swapRefreshCookie() : false;
  })
    .catch(() => false)
    .finally(() => {
      pending = null;
    });
  return pending;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let scheduledFor: string | null = null;

/**
 * Keeps the access token fresh: a refresh is due REFRESH_AHEAD_SECONDS before the token expires, counted
 * from when it arrived rather than against this computer's clock, which may be wrong by more than a lifetime.
 */
function schedule() {
  const { accessToken } = getSession();
  if (accessToken === scheduledFor) return;
  scheduledFor = accessToken;
  clearTimeout(timer);
  const lifetime = accessToken ? lifetimeOf(accessToken) : undefined;
  if (!lifetime) return;
  timer = setTimeout(() => void refreshSession(), Math.max(0, lifetime - REFRESH_AHEAD_SECONDS) * 1000);
}

subscribeSession(schedule);
