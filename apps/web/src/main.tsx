import 'virtual:prime-icons.css';
import 'primeflex/primeflex.min.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { pressAgain } from './lib/app-start/press-again.ts';
import { startI18n, startingLocale } from './lib/i18n/i18n.ts';
import { applyLayout } from './lib/layout-settings/apply-layout.ts';
import { getLayoutSettings } from './lib/layout-settings/layout-settings.ts';
import { getSession, subscribeSession } from './lib/session/session-store.ts';

applyLayout(getLayoutSettings());
// The page's words come first: a prerendered page is hydrated in the locale it was drawn in.
await startI18n(startingLocale(window.location.pathname));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page (src/prerender.tsx) is a visitor's: React takes it over as it stands, so it paints before
// any script runs. Someone remembered as signed in sees another page there: it is drawn afresh.
if (container.hasChildNodes() && getSession().user === null) {
  hydrateRoot(container, app);
  pressAgain();
} else createRoot(container).render(app);

/**
 * The service worker that keeps the app working offline (decision 032), apart from the first paint's scripts: for
 * members, who have editions to read offline, and wherever one runs already. A visitor's device is not sent the
 * whole app (about 1 MB) for it.
 */
function startServiceWorker() {
  const start = () =>
    void import('./lib/pwa/register-service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker());
  if (getSession().user || navigator.serviceWorker?.controller) return start();
  const stop = subscribeSession(() => {
    if (!getSession().user) return;
    stop();
    start();
  });
}
startServiceWorker();
