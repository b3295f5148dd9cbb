import './prerender-globals.ts';
import { text } from 'node:stream/consumers';
import { DEFAULT_LOCALE, LOCALES } from '@portal/contract';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { changeLocale, i18n, localeOfPath, localePath, startI18n } from './lib/i18n/i18n.ts';

/**
 * The pages a visitor may open first, under /{locale}/ (app/router.tsx): the landing page, Sign In (the landing
 * page with its dialog), Sign Up, and the pages mailed links and Sign In's "Forgot your password" open.
 */
const FIRST_PAGES = ['dist', 'login', 'signup', 'account/forgot-password', 'account/verify-email'];
/**
 * The pages the build prerenders (vite-plugins/prerender.ts): the first pages in each locale (decision 039). Each is
 * whole in its HTML (Sign In's dialog too, decision 053); its app starts when the visitor touches, types or tabs, or
 * at once for an address with a query, such as a mailed link's token to check (decision 052).
 */
export const PRERENDERED_PAGES = LOCALES.flatMap((locale) =>
  FIRST_PAGES.map((page) => ({ path: localePath(locale, page), locale })),
);

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
    // Every page whole, however long (the sign-up form's lists): React would otherwise send a large part after the
    // rest, with an inline script to put it in place, which the portal's CSP does not run (nor does a browser without scripts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return text(prelude);
}
