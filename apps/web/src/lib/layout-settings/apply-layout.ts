import { colorSchemeOf, THEME_CRITICAL_ID, THEME_LINK_ID } from './constants.ts';
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
function followThemeColor(link: HTMLLinkElement, loading: boolean) {
  const meta = document.querySelector('meta[name="theme-color"]');
  if (!meta) return;
  const paint = () => {
    const color = getComputedStyle(document.documentElement).getPropertyValue('--surface-card').trim();
    if (color) meta.setAttribute('content', color);
  };
  // Now, if the stylesheet is there (the pre-paint script's may have loaded already), and once a new one has.
  paint();
  if (loading || !link.sheet) link.addEventListener('load', paint, { once: true });
}

/** Puts the theme, scale and colour mode on the document; the pre-paint script did the same from storage. */
export function applyLayout({ theme, scale, colorMode }: DocumentLayout) {
  const link = themeLink();
  const href = themeHref(theme);
  const changed = link.getAttribute('href') !== href;
  if (changed) {
    link.setAttribute('href', href);
    // The first paint's default theme rules would override the new theme's.
    document.getElementById(THEME_CRITICAL_ID)?.remove();
  }
  followThemeColor(link, changed);
  const root = document.documentElement;
  root.style.fontSize = `${scale}px`;
  root.dataset.colorMode = colorMode;
  root.style.colorScheme = colorSchemeOf(colorMode);
}
