import { useSyncExternalStore } from 'react';

let reached = true;
const listeners = new Set<() => void>();

/**
 * Notes whether the last request to the portal got an answer (api-client.ts calls it): a server that is down, or a
 * network that lets nothing through while the browser says it is online, gets none.
 */
export function notePortalAnswer(answered: boolean) {
  if (answered === reached) return;
  reached = answered;
  for (const listener of listeners) listener();
}

/** Whether the portal answered its last request; the pages then say once that it cannot be reached (decision 044). */
export const usePortalReached = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reached,
    () => true,
  );
