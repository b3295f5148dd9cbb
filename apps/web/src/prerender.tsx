import './prerender-globals.ts';
import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { SIGNED_OUT_PATH } from './lib/session/guards.tsx';

/** The page the build prerenders (vite-plugins/prerender.ts): the landing page. */
export const PRERENDERED_PATH = SIGNED_OUT_PATH;

/**
 * The app's markup at `path` as a visitor's browser first draws it (no session, settings as they start, data not
 * yet loaded), lazily loaded pages included, for main.tsx to hydrate.
 */
export async function renderPage(path: string): Promise<string> {
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
