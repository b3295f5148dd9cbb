import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { APP_TEMPLATE_ID, LINK_TOKEN, WITH_APP } from '../src/lib/app-start/constants.ts';
import {
  colorModeOf,
  colorSchemeOf,
  DARK_THEME,
  DEFAULT_THEME,
  LAYOUT_SETTINGS_KEY,
  MAX_SCALE,
  MIN_SCALE,
  PREFERS_DARK,
  THEME_CRITICAL_ID,
  THEME_LINK_ID,
  THEMES_PATH,
  themeOfChoice,
} from '../src/lib/layout-settings/constants.ts';
import { type RestoreLayoutOptions, restoreLayout } from '../src/lib/layout-settings/restore-layout.ts';

const VIRTUAL_ID = 'virtual:prime-themes';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const BOOT_SCRIPT = 'layout-boot.js';

const primeReactRoot = path.dirname(createRequire(import.meta.url).resolve('primereact/package.json'));

/** The fonts PrimeReact's Saga, Vela, Arya and Nova themes use: those of the phone or computer, nothing to fetch. */
const PLATFORM_FONTS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"';

/**
 * A Lara theme (the default among them) with the platform's fonts instead of Inter: its variable font is 346 KB, more
 * than twice a first visit's whole budget, and text drawn in a fallback until it came shifted when it did (decision 038).
 */
export const withPlatformFonts = (css: string) =>
  css.replace(/@font-face\s*\{[^}]*"Inter var"[^}]*\}\s*/g, '').replaceAll('"Inter var", sans-serif', PLATFORM_FONTS);

/** Each theme's stylesheet as served, by theme name; a font file it names is copied beside it. */
function readThemes() {
  const source = path.join(primeReactRoot, 'resources', 'themes');
  const names = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return new Map(
    names.map((name) => [name, withPlatformFonts(readFileSync(path.join(source, name, 'theme.css'), 'utf8'))]),
  );
}

/**
 * The folder the themes are served from, named after their content (PrimeReact's version, which its fonts follow, and
 * every stylesheet as served): a file there never changes, so the server lets browsers keep it for a year.
 */
function versionOf(themes: Map<string, string>) {
  const hash = createHash('sha256').update(readFileSync(path.join(primeReactRoot, 'package.json')));
  for (const [name, css] of themes) hash.update(name).update(css);
  return hash.digest('hex').slice(0, 10);
}

/**
 * Writes each PrimeReact theme (theme.css and the fonts it names) into public/themes/<version>, so that any of them can
 * be switched to at run time; skipped when that folder is there already, and older versions are removed.
 */
function copyThemes(target: string, version: string, themes: Map<string, string>) {
  const folder = path.join(target, version);
  if (existsSync(folder)) return;
  rmSync(target, { recursive: true, force: true });
  for (const [name, css] of themes) {
    mkdirSync(path.join(folder, name), { recursive: true });
    writeFileSync(path.join(folder, name, 'theme.css'), css);
    for (const [, font] of css.matchAll(/url\("?\.\/(fonts\/[^")]+)"?\)/g)) {
      if (!font) continue;
      mkdirSync(path.join(folder, name, 'fonts'), { recursive: true });
      copyFileSync(path.join(primeReactRoot, 'resources', 'themes', name, font), path.join(folder, name, font));
    }
  }
}

function bootScript(themesPath: string, themeNames: string[]): string {
  const options: RestoreLayoutOptions = {
    storageKey: LAYOUT_SETTINGS_KEY,
    linkId: THEME_LINK_ID,
    criticalId: THEME_CRITICAL_ID,
    appTemplateId: APP_TEMPLATE_ID,
    withAppAttribute: WITH_APP,
    linkTokenAttribute: LINK_TOKEN,
    themesPath,
    themeNames,
    colors: Object.fromEntries(
      themeNames.map((name) => [name, { mode: colorModeOf(name), scheme: colorSchemeOf(colorModeOf(name)) }]),
    ),
    fallbackTheme: DEFAULT_THEME,
    darkTheme: DARK_THEME,
    prefersDark: PREFERS_DARK,
    minScale: MIN_SCALE,
    maxScale: MAX_SCALE,
  };
  return `(${restoreLayout.toString()})(${JSON.stringify(options)}, ${themeOfChoice.toString()});\n`;
}

/** The default theme's stylesheet as a first visit paints with it: its address and its rules. */
export interface DefaultTheme {
  css: string;
  /** The tag of the boot script, which its critical rules go before (vite-plugins/critical-css.ts). */
  bootTag: string;
  /** The preload of its stylesheet every page has, which a prerendered page leaves to the app's start. */
  preloadTag: string;
}

/**
 * PrimeReact's themes as run-time switchable stylesheets: copies them into public/themes/<version>, exposes their
 * names and folder as `virtual:prime-themes`, and serves /layout-boot.js, which links the stored theme before the
 * first paint; every page preloads the default theme, so that a first visit fetches it at once.
 */
export function primeThemes(): Plugin & { api: { defaultTheme(): DefaultTheme } } {
  let themeNames: string[] = [];
  let themesPath = '';
  let boot = '';
  let defaultCss = '';
  const bootTag = `<script src="/${BOOT_SCRIPT}"></script>`;
  const defaultHref = () => `${themesPath}/${DEFAULT_THEME}/theme.css`;
  return {
    name: 'prime-themes',
    api: {
      defaultTheme: () => ({
        css: defaultCss,
        bootTag,
        preloadTag: `<link rel="preload" href="${defaultHref()}" as="style">`,
      }),
    },
    // Before the dev server indexes public/, so the copied files are served from the first request.
    configResolved(config) {
      const themes = readThemes();
      const version = versionOf(themes);
      copyThemes(path.join(config.publicDir, THEMES_PATH), version, themes);
      themeNames = [...themes.keys()];
      themesPath = `${THEMES_PATH}/${version}`;
      defaultCss = themes.get(DEFAULT_THEME) ?? '';
      boot = bootScript(themesPath, themeNames);
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : undefined),
    load: (id) =>
      id === RESOLVED_VIRTUAL_ID
        ? `export const themeNames = ${JSON.stringify(themeNames)};\nexport const themesPath = ${JSON.stringify(themesPath)};`
        : undefined,
    configureServer(server) {
      server.middlewares.use(`/${BOOT_SCRIPT}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(boot);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BOOT_SCRIPT, source: boot });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'preload', href: defaultHref(), as: 'style' }, injectTo: 'head' },
      { tag: 'script', attrs: { src: `/${BOOT_SCRIPT}` }, injectTo: 'head' },
    ],
  };
}
