import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while React takes over a prerendered page (and in the prerender), true from the render after: a page
 * draws what the prerender drew until then, even if data it shows has arrived meanwhile (decision 017).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
