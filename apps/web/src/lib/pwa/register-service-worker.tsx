import { registerSW } from 'virtual:pwa-register';
import { createRoot } from 'react-dom/client';
import { keepThemes } from './keep-themes.ts';
import { UpdatePrompt } from './update-prompt.tsx';

const HOUR_MS = 60 * 60 * 1000;

/** Asks for a new version every hour and whenever the tab comes back into view, so an open tab never stays stale. */
function keepChecking(registration: ServiceWorkerRegistration) {
  // Offline or mid-install, a check fails; the next one will do.
  const check = () => registration.update().catch(() => undefined);
  setInterval(check, HOUR_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * Registers the service worker that vite-plugin-pwa builds (decision 032) and, when a new version is waiting,
 * offers to reload into it. main.tsx loads this module once the app runs: no part of the first paint, nor of the prerender.
 */
export function registerServiceWorker() {
  const outlet = document.createElement('div');
  document.body.append(outlet);
  const root = createRoot(outlet);
  const show = (waiting: boolean) =>
    root.render(<UpdatePrompt waiting={waiting} onReload={() => updateSW()} onDismiss={() => show(false)} />);
  // updateSW tells the waiting worker to take over; the page reloads when it does.
  const updateSW = registerSW({
    onNeedRefresh: () => show(true),
    onRegisteredSW: (_url, registration) => registration && keepChecking(registration),
  });
  keepThemes();
  show(false);
}
