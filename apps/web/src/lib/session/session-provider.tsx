import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { refreshSession } from './session-refresh.ts';
import {
  getSession,
  type SessionState,
  subscribeSession,
  syncSessionFromStorage,
  USER_STORAGE_KEY,
} from './session-store.ts';

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  // A remembered user has no access token after a reload: get one from the refresh cookie before
  // any page asks the API for something. Visitors skip this (no needless failing request).
  const [restored, setRestored] = useState(() => getSession().user === null);

  useEffect(() => {
    if (!restored) void refreshSession().then(() => setRestored(true));
  }, [restored]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY || event.key === null) syncSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (!restored) return <PageLoader />;
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in user (null for a visitor) and the in-memory access token. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
