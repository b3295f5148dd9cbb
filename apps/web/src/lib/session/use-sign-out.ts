import { useNavigate } from 'react-router';
import { SIGNED_OUT_PATH } from './guards.tsx';
import { revokeRefreshCookie } from './revoke-session.ts';
import { endSession } from './session-store.ts';

/** Ends the session in every tab (the server already forgot it) and goes to the landing page. */
export function useLeaveSession() {
  const navigate = useNavigate();
  return () => {
    endSession('signed-out');
    navigate(SIGNED_OUT_PATH, { replace: true });
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
