import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import {
  colorModeOf,
  colorSchemeOf,
  DEFAULT_THEME,
  LAYOUT_SETTINGS_KEY,
  MAX_SCALE,
  MIN_SCALE,
  THEME_LINK_ID,
  THEMES_PATH,
} from '../src/lib/layout-settings/constants.ts';
import { type RestoreLayoutOptions, restoreLayout } from '../src/lib/layout-settings/restore-layout.ts';

const VIRTUAL_ID = 'virtual:prime-themes';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const BOOT_SCRIPT = 'layout-boot.js';

const primeReactRoot = path.dirname(createRequire(import.meta.url).resolve('primereact/package.json'));

/**
 * Copies each PrimeReact theme (theme.css and its fonts, nothing else) into public/themes so that any
 * of them can be switched to at run time. A stamp with PrimeReact's version skips the copy when current.
 */
function copyThemes(target: string): string[] {
  const source = path.join(primeReactRoot, 'resources', 'themes');
  const names = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const { version } = JSON.parse(readFileSync(path.join(primeReactRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const stamp = path.join(target, '.primereact-version');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return names;

  rmSync(target, { recursive: true, force: true });
  for (const name of names) {
    mkdirSync(path.join(target, name), { recursive: true });
    copyFileSync(path.join(source, name, 'theme.css'), path.join(target, name, 'theme.css'));
    const fonts = path.join(source, name, 'fonts');
    if (existsSync(fonts)) cpSync(fonts, path.join(target, name, 'fonts'), { recursive: true });
  }
  writeFileSync(stamp, version);
  return names;
}

function bootScript(themeNames: string[]): string {
  const options: RestoreLayoutOptions = {
    storageKey: LAYOUT_SETTINGS_KEY,
    linkId: THEME_LINK_ID,
    themesPath: THEMES_PATH,
    themeNames,
    colors: Object.fromEntries(
      themeNames.map((name) => [name, { mode: colorModeOf(name), scheme: colorSchemeOf(colorModeOf(name)) }]),
    ),
    fallbackTheme: DEFAULT_THEME,
    minScale: MIN_SCALE,
    maxScale: MAX_SCALE,
  };
  return `(${restoreLayout.toString()})(${JSON.stringify(options)});\n`;
}

/** The default theme's stylesheet and its upright font file (what a first visit paints with), as preload tags. */
function preloads(themesDir: string): HtmlTagDescriptor[] {
  const stylesheet = `${THEMES_PATH}/${DEFAULT_THEME}/theme.css`;
  const css = readFileSync(path.join(themesDir, DEFAULT_THEME, 'theme.css'), 'utf8');
  const font = /@font-face\s*\{[^}]*font-style:\s*normal;[^}]*url\("?\.\/([^")]+\.woff2)/.exec(css)?.[1];
  return [
    { tag: 'link', attrs: { rel: 'preload', href: stylesheet, as: 'style' }, injectTo: 'head' },
    ...(font
      ? [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `${THEMES_PATH}/${DEFAULT_THEME}/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          },
        ]
      : []),
  ];
}

/**
 * PrimeReact's themes as run-time switchable stylesheets: copies them into public/themes, exposes their
 * names as `virtual:prime-themes`, and serves /layout-boot.js, which links the stored theme before the
 * first paint; the page preloads the default theme and its font, so that a first visit fetches them at once.
 */
export function primeThemes(): Plugin {
  let themeNames: string[] = [];
  let boot = '';
  let themesDir = '';
  return {
    name: 'prime-themes',
    // Before the dev server indexes public/, so the copied files are served from the first request.
    configResolved(config) {
      themesDir = path.join(config.publicDir, THEMES_PATH);
      themeNames = copyThemes(themesDir);
      boot = bootScript(themeNames);
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : undefined),
    load: (id) => (id === RESOLVED_VIRTUAL_ID ? `export const themeNames = ${JSON.stringify(themeNames)};` : undefined),
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
      ...preloads(themesDir),
      { tag: 'script', attrs: { src: `/${BOOT_SCRIPT}` }, injectTo: 'head' },
    ],
  };
}
