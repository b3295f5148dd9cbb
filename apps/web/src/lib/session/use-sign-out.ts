import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endSession } from './session-store.ts';

/** Ends the session here and on the server, and goes to the landing page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // The server forgets the refresh cookie; the browser need not wait for it.
    void fetch('/api/accounts/revoke-token', { method: 'POST' }).catch(() => undefined);
    // Leave the guarded page first, at once: ending the session on it would send the visitor to sign in.
    navigate('/en/dist', { flushSync: true });
    endSession();
    // Nothing fetched for this account may show to whoever signs in next.
    queryClient.clear();
  };
}
