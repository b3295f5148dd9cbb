import './prerender-globals.ts';
import { text } from 'node:stream/consumers';
import { DEFAULT_LOCALE, LOCALES } from '@portal/contract';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { changeLocale, i18n, localeOfPath, startI18n } from './lib/i18n/i18n.ts';
import { landingPath } from './lib/session/guards.tsx';

/** The pages the build prerenders (vite-plugins/prerender.ts): the landing page in each locale. */
export const PRERENDERED_PAGES = LOCALES.map((locale) => ({ path: landingPath(locale), locale }));

/**
 * The app's markup at `path` as a visitor's browser first draws it (no session, settings as they start, data not
 * yet loaded), lazily loaded pages included, for main.tsx to hydrate.
 */
export async function renderPage(path: string): Promise<string> {
  const locale = localeOfPath(path) ?? DEFAULT_LOCALE;
  await (i18n.isInitialized ? changeLocale(locale, { remember: false }) : startI18n(locale));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  const { prelude } = await prerenderToNodeStream(
    <AppProvider>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProvider>,
  );
  return text(prelude);
}
