import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
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

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY || event.key === null) syncSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in user (null for a visitor) and the in-memory access token. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
