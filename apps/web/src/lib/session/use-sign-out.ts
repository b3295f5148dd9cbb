import { useNavigate } from 'react-router';
import { useLandingPath } from './guards.tsx';
import { revokeRefreshCookie } from './revoke-session.ts';
import { endSession } from './session-store.ts';

/**
 * Ends the session in every tab (the server already forgot it), forgets what this device kept for the member
 * (saved editions, the reader's pages, this month's text), and goes to the landing page. The returned promise settles when the
 * device has forgotten.
 */
export function useLeaveSession() {
  const navigate = useNavigate();
  const landing = useLandingPath();
  return (): Promise<unknown> => {
    // Loaded only here: the first paint carries none of the saved editions' code.
    const forgotten = Promise.all([
      import('../editions/saved-editions.ts').then(({ forgetDevice }) => forgetDevice()),
      import('../editions/kept-text.ts').then(({ forgetKeptText }) => forgetKeptText()),
    ]);
    endSession('signed-out');
    navigate(landing, { replace: true });
    return forgotten.catch(() => undefined);
  };
}

/**
 * Ends the session here and on the server, and goes to the landing page. The returned promise settles when
 * the server has answered and the device has forgotten, for a caller about to leave the site.
 */
export function useSignOut() {
  const leave = useLeaveSession();
  return (): Promise<unknown> => Promise.all([revokeRefreshCookie(), leave()]);
}
