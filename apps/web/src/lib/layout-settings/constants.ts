/** Kept free of imports: the Vite config reads these to build the pre-paint script. */
export const LAYOUT_SETTINGS_KEY = 'layout-settings';
export const THEME_LINK_ID = 'theme-link';
export const DEFAULT_THEME = 'lara-light-indigo';
/** Where the build copies PrimeReact's themes (see vite-plugins/prime-themes.ts). */
export const THEMES_PATH = '/themes';
export const MIN_SCALE = 12;
export const MAX_SCALE = 16;
export const DEFAULT_SCALE = 14;
