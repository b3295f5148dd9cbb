import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endSession } from './session-store.ts';

/** Ends the session and goes to the landing page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Leave the guarded page first, at once: ending the session on it would send the visitor to sign in.
    navigate('/en/dist', { flushSync: true });
    endSession();
    // Nothing fetched for this account may show to whoever signs in next.
    queryClient.clear();
  };
}
