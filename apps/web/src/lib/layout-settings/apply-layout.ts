import { colorSchemeOf, THEME_LINK_ID } from './constants.ts';
import { type ColorMode, themeHref } from './themes.ts';

/** What of the layout settings the document itself carries. */
interface DocumentLayout {
  theme: string;
  scale: number;
  colorMode: ColorMode;
}

function themeLink(): HTMLLinkElement {
  const existing = document.getElementById(THEME_LINK_ID);
  if (existing instanceof HTMLLinkElement) return existing;
  const link = document.createElement('link');
  link.id = THEME_LINK_ID;
  link.rel = 'stylesheet';
  // First in <head>, so the app's own stylesheets still override the theme.
  document.head.prepend(link);
  return link;
}

/**
 * Gives the browser's own bar (an installed app's title bar, a phone's status bar) the top bar's colour
 * (layout.css), once the theme's stylesheet has loaded; index.html starts it at the default theme's.
 */
function followThemeColor(link: HTMLLinkElement) {
  const meta = document.querySelector('meta[name="theme-color"]');
  if (!meta) return;
  const paint = () => {
    const color = getComputedStyle(document.documentElement).getPropertyValue('--surface-card').trim();
    if (color) meta.setAttribute('content', color);
  };
  link.addEventListener('load', paint, { once: true });
  // The pre-paint script's stylesheet may have loaded already.
  paint();
}

/** Puts the theme, scale and colour mode on the document; the pre-paint script did the same from storage. */
export function applyLayout({ theme, scale, colorMode }: DocumentLayout) {
  const link = themeLink();
  const href = themeHref(theme);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  followThemeColor(link);
  const root = document.documentElement;
  root.style.fontSize = `${scale}px`;
  root.dataset.colorMode = colorMode;
  root.style.colorScheme = colorSchemeOf(colorMode);
}
