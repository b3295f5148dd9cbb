export interface RestoreLayoutOptions {
  storageKey: string;
  linkId: string;
  /** The `<style>` of the default theme's critical rules a prerendered page carries. */
  criticalId: string;
  /** The `<template>` of a prerendered page's app's scripts (decision 052), and the mark of its stylesheets. */
  appTemplateId: string;
  withAppAttribute: string;
  /** Put on <html> when the address carries a mailed link's token (app-start/constants.ts). */
  linkTokenAttribute: string;
  themesPath: string;
  themeNames: string[];
  /** Each theme's colour mode and the browser's colour scheme for it (global.css reads the mode). */
  colors: Record<string, { mode: string; scheme: string }>;
  /** The light and dark themes of "light", "dark" and the device's setting. */
  fallbackTheme: string;
  darkTheme: string;
  prefersDark: string;
  minScale: number;
  maxScale: number;
}

/**
 * Applies the stored theme (with its colour mode), or the device's light or dark one, and scale before the first paint,
 * and marks a page opened from a mailed link.
 * The build ships this function's source text, and `themeOfChoice`'s (constants.ts), as /layout-boot.js, a blocking
 * classic script (the CSP forbids inline ones), so it must not use anything from outside its own body.
 */
export function restoreLayout(
  options: RestoreLayoutOptions,
  themeOfChoice: (
    choice: unknown,
    prefersDark: boolean,
    themes: { light: string; dark: string; names: string[] },
  ) => string,
) {
  let stored: { theme?: unknown; scale?: unknown } = {};
  try {
    stored = JSON.parse(localStorage.getItem(options.storageKey) ?? '{}') ?? {};
  } catch {
    // Unreadable or blocked storage: the defaults apply.
  }
  const theme = themeOfChoice(stored.theme, window.matchMedia?.(options.prefersDark).matches ?? false, {
    light: options.fallbackTheme,
    dark: options.darkTheme,
    names: options.themeNames,
  });
  const link = document.createElement('link');
  link.id = options.linkId;
  link.rel = 'stylesheet';
  link.href = `${options.themesPath}/${theme}/theme.css`;
  // A prerendered page paints with the default theme's rules inlined, its stylesheet loading meanwhile. Any other theme,
  // or a page without them, waits for its stylesheet (where the browser can), so no page ever shows in the wrong one.
  const critical = document.getElementById(options.criticalId);
  if (theme !== options.fallbackTheme || !critical) {
    critical?.remove();
    link.setAttribute('blocking', 'render');
  }
  // A page painting with the default theme's inlined rules fetches its stylesheet with the app's, when it starts.
  if (critical?.isConnected && document.getElementById(options.appTemplateId)) {
    link.disabled = true;
    link.setAttribute(options.withAppAttribute, '');
  }
  // First in <head>, so the app's own stylesheets still override the theme.
  document.head.prepend(link);
  const colors = options.colors[theme];
  if (colors) {
    document.documentElement.dataset.colorMode = colors.mode;
    document.documentElement.style.colorScheme = colors.scheme;
  }
  // A prerendered page opened from a mailed link shows that its token is being checked, not that it has none.
  if (new URLSearchParams(location.search).has('token')) {
    document.documentElement.setAttribute(options.linkTokenAttribute, '');
  }
  const scale = stored.scale;
  if (typeof scale === 'number' && scale >= options.minScale && scale <= options.maxScale) {
    document.documentElement.style.fontSize = `${scale}px`;
  }
}
