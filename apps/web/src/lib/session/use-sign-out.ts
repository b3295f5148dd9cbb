import { useNavigate } from 'react-router';
import { useLandingPath } from './guards.tsx';
import { revokeRefreshCookie } from './revoke-session.ts';
import { endSession } from './session-store.ts';

/**
 * Ends the session in every tab (the server already forgot it), forgets what this device kept for the member
 * (saved editions, the reader's pages), and goes to the landing page.
 */
export function useLeaveSession() {
  const navigate = useNavigate();
  const landing = useLandingPath();
  return () => {
    // Loaded only here: the first paint carries none of the saved editions' code.
    void import('../editions/saved-editions.ts').then(({ forgetDevice }) => forgetDevice());
    endSession('signed-out');
    navigate(landing, { replace: true });
  };
}

/**
 * Ends the session here and on the server, and goes to the landing page. The returned promise settles when
 * the server has answered, for a caller about to leave the site.
 */
export function useSignOut() {
  const leave = useLeaveSession();
  return (): Promise<unknown> => {
    const revoked = revokeRefreshCookie();
    leave();
    return revoked;
  };
}
