/** Kept free of imports: the Vite config reads these to build the pre-paint script. */
export const LAYOUT_SETTINGS_KEY = 'layout-settings';
export const THEME_LINK_ID = 'theme-link';
/** The default theme's rules a prerendered page paints with, inlined before its stylesheet comes (vite-plugins/critical-css.ts). */
export const THEME_CRITICAL_ID = 'theme-critical';
export const DEFAULT_THEME = 'lara-light-indigo';
/** The default theme's dark sibling: what "Dark", and the device's dark setting, show. */
export const DARK_THEME = 'lara-dark-indigo';
/** The media query of a device set to dark. */
export const PREFERS_DARK = '(prefers-color-scheme: dark)';
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

/**
 * The theme a member's stored choice shows: "light" the default theme, "dark" its dark sibling, another theme's name
 * that theme; "device", nothing or the default theme's name (which every earlier visit stored, whatever was picked)
 * follow the device's setting. The boot script carries this function's source text: it uses nothing from outside.
 */
export function themeOfChoice(
  choice: unknown,
  prefersDark: boolean,
  themes: { light: string; dark: string; names: readonly string[] },
): string {
  if (choice === 'light') return themes.light;
  if (choice === 'dark') return themes.dark;
  if (typeof choice === 'string' && choice !== themes.light && themes.names.includes(choice)) return choice;
  return prefersDark ? themes.dark : themes.light;
}
