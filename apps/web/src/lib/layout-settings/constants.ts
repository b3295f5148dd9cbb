/** Kept free of imports: the Vite config reads these to build the pre-paint script. */
export const LAYOUT_SETTINGS_KEY = 'layout-settings';
export const THEME_LINK_ID = 'theme-link';
/** The default theme's rules a prerendered page paints with, inlined before its stylesheet comes (vite-plugins/critical-css.ts). */
export const THEME_CRITICAL_ID = 'theme-critical';
export const DEFAULT_THEME = 'lara-light-indigo';
/** Where the build copies PrimeReact's themes, in a folder named after their version (see vite-plugins/prime-themes.ts). */
export const THEMES_PATH = '/themes';
export const MIN_SCALE = 12;
export const MAX_SCALE = 16;
export const DEFAULT_SCALE = 14;

/** PrimeReact does not tag its themes, but the family and name tell: vela is dim; arya, luna and "dark" are dark. */
export function colorModeOf(theme: string): 'light' | 'dim' | 'dark' {
  if (theme.startsWith('vela-')) return 'dim';
  if (/^(arya|luna)-|-dark(-|$)/.test(theme)) return 'dark';
  return 'light';
}

/** The scheme the browser draws its own controls and scrollbars in: dim and dark themes are dark to it. */
export const colorSchemeOf = (mode: ReturnType<typeof colorModeOf>) => (mode === 'light' ? 'light' : 'dark');
