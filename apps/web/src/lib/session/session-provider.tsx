import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { refreshSession } from './session-refresh.ts';
import { getSession, type SessionState, subscribeSession } from './session-store.ts';

const SessionContext = createContext<SessionState | null>(null);

/**
 * Nothing fetched for one account may show to whoever signs in next, after a change in this tab or another.
 * The cache is emptied as the session changes, before React renders the pages that follow.
 */
function useForgetAnswersOfEndedSessions() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let answersFor = getSession().user?.id ?? null;
    return subscribeSession(() => {
      const userId = getSession().user?.id ?? null;
      if (answersFor !== null && userId !== answersFor) queryClient.clear();
      answersFor = userId;
    });
  }, [queryClient]);
}

/** `restoring` shows while a remembered user's session is fetched again after a reload. */
export function SessionProvider({ children, restoring }: { children: ReactNode; restoring: ReactNode }) {
  // The build's prerender (src/prerender.tsx) draws a visitor's page: no remembered user there.
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  // A remembered user has no access token after a reload: get one from the refresh cookie before
  // any page asks the API for something. Visitors skip this (no needless failing request).
  const [restored, setRestored] = useState(() => getSession().user === null);
  useForgetAnswersOfEndedSessions();

  useEffect(() => {
    if (!restored) void refreshSession().then(() => setRestored(true));
  }, [restored]);

  if (!restored) return restoring;
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in user (null for a visitor) and the in-memory access token. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
