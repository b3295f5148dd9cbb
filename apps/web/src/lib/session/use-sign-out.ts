import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SIGNED_OUT_PATH } from './guards.tsx';
import { endSession } from './session-store.ts';

/** Ends the session here and on the server, and goes to the landing page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // The server forgets the refresh cookie; the browser need not wait for it, and keepalive lets the request
    // finish even when signing out leaves the site (Return to homepage).
    void fetch('/api/accounts/revoke-token', { method: 'POST', keepalive: true }).catch(() => undefined);
    // A guarded page this happens on sends the signed-out person to the landing page too.
    endSession({ signedOut: true });
    // Nothing fetched for this account may show to whoever signs in next.
    queryClient.clear();
    navigate(SIGNED_OUT_PATH, { replace: true });
  };
}
