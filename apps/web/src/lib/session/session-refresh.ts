import { REFRESH_AHEAD_SECONDS, type Session } from '@portal/contract';
import { endSession, getSession, startSession, subscribeSession } from './session-store.ts';

/** Seconds since the epoch at which a JWT expires (its `exp` claim); undefined if unreadable. */
function expiresAt(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

let pending: Promise<boolean> | null = null;

/**
 * Swaps the httpOnly refresh cookie for a new session. Concurrent callers share one request: the server
 * treats a second use of the same refresh token as theft and would end the session.
 */
export function refreshSession(): Promise<boolean> {
  pending ??= fetch('/api/accounts/refresh-token', { method: 'POST', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) {
        endSession();
        return false;
      }
      startSession((await response.json()) as Session);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      pending = null;
    });
  return pending;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let scheduledFor: string | null = null;

/** Keeps the access token fresh: a refresh is due REFRESH_AHEAD_SECONDS before the token expires. */
function schedule() {
  const { accessToken } = getSession();
  if (accessToken === scheduledFor) return;
  scheduledFor = accessToken;
  clearTimeout(timer);
  const exp = accessToken ? expiresAt(accessToken) : undefined;
  if (!exp) return;
  const delay = Math.max(0, exp * 1000 - Date.now() - REFRESH_AHEAD_SECONDS * 1000);
  timer = setTimeout(() => void refreshSession(), delay);
}

subscribeSession(schedule);
