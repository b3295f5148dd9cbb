import { getLayoutSettings, subscribeLayoutSettings, themesToKeep } from '../layout-settings/layout-settings.ts';
import { themeHref } from '../layout-settings/themes.ts';

/** The service worker's cache of themes, which it answers them from (vite.config.ts, runtimeCaching). */
const THEMES_CACHE = 'themes';

/** The font files a theme's stylesheet names: the first source of each face, the one a browser with a service worker takes (woff2). */
const fontsOf = (css: string, href: string) =>
  [...css.matchAll(/@font-face\s*\{[^}]*?url\("?([^")]+)"?\)/g)].map(
    ([, font = '']) => new URL(font, new URL(href, location.href)).href,
  );

/** Puts a theme and its fonts in the cache, unless they are there. */
async function keepTheme(cache: Cache, name: string) {
  const href = themeHref(name);
  if (await cache.match(href)) return;
  const response = await fetch(href);
  if (!response.ok) return;
  const fonts = fontsOf(await response.clone().text(), href);
  await Promise.all(fonts.map(async (font) => (await cache.match(font)) ?? cache.add(font)));
  // The stylesheet last: a theme found in the cache has its fonts there too.
  await cache.put(href, response);
}

async function keepThemesInUse() {
  const cache = await caches.open(THEMES_CACHE);
  for (const name of themesToKeep(getLayoutSettings())) await keepTheme(cache, name);
}

/**
 * Keeps the themes the member's choice shows (the light and the dark one while it follows the device), with their
 * fonts, where the service worker answers them from: now, as the worker is installed (the page that signs in loaded its
 * theme before there was a worker to keep it), and whenever the member changes theme. So the first page opened
 * offline is styled (decision 044). Failing (offline, storage full) costs nothing but that.
 */
export function keepThemes() {
  const keep = () => void keepThemesInUse().catch(() => undefined);
  keep();
  let kept = getLayoutSettings().themeChoice;
  subscribeLayoutSettings(() => {
    if (getLayoutSettings().themeChoice === kept) return;
    kept = getLayoutSettings().themeChoice;
    keep();
  });
}
