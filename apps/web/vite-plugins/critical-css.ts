import { type CompiledSheet, compileSheet } from 'beasties/compiler';
import { collectPrograms, createProcessor, renderCriticalCss, scanHtml } from 'beasties/runtime';
import type { Plugin, ResolvedConfig } from 'vite';
import { LINK_TOKEN, WITH_APP } from '../src/lib/app-start/constants.ts';
import { THEME_CRITICAL_ID } from '../src/lib/layout-settings/constants.ts';
import type { DefaultTheme } from './prime-themes.ts';

/**
 * Rules kept whatever the page's markup: the boot script puts the colour mode on <html> before the first paint, so the
 * contrast floor of a dim or dark theme (global.css) must be there too, and so is the mark of a mailed link's token
 * (token-status.css); and beasties drops every rule whose selector starts with `:where(`, matching or not (global.css
 * has two).
 */
const ALLOW_RULES = [/data-color-mode/, new RegExp(LINK_TOKEN), /^:where\(/];

/** The default theme's rules the page draws with, before the boot script, which removes them for any other theme. */
function withThemeRules(html: string, theme: CompiledSheet, bootTag: string) {
  const { css } = renderCriticalCss(theme, scanHtml(html, collectPrograms([theme])));
  if (!html.includes(bootTag)) throw new Error(`critical-css: the page has no ${bootTag}`);
  return html.replace(bootTag, `<style id="${THEME_CRITICAL_ID}">${css}</style>\n    ${bootTag}`);
}

/** The script beasties puts at the end of <body> to apply the stylesheets it deferred: the app's start does instead. */
const DEFERRED_STYLES_SCRIPT = /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;
/** A stylesheet beasties deferred (loaded as `media="print"`, which browsers still fetch). */
const DEFERRED_SHEET = /<link rel="stylesheet" ([^>]*?) media="print" data-beasties-media="all">/g;

/**
 * The page's stylesheets, which beasties deferred, come with its app (decision 052): disabled, which a browser does
 * not fetch, until the app's start enables them, so that a visitor who only reads the page and follows a link is
 * never sent them. So does the default theme's stylesheet (the boot script adds it disabled): its preload goes.
 */
function sheetsWithApp(html: string, themePreload: string) {
  if (!html.includes(themePreload)) throw new Error(`critical-css: the page has no ${themePreload}`);
  return html
    .replace(DEFERRED_SHEET, `<link rel="stylesheet" $1 disabled ${WITH_APP}>`)
    .replace(DEFERRED_STYLES_SCRIPT, '')
    .replace(themePreload, '');
}

/**
 * Each prerendered page (every .html the build writes but index.html, whatever pages vite-plugins/prerender.ts
 * draws) paints from its HTML alone: the rules of the app's stylesheets and of the default theme that its markup uses
 * are inlined in <head> (beasties), and its stylesheets load with the app, when the visitor needs it
 * (`sheetsWithApp`); a <noscript> copy applies them without JavaScript. Runs after the prerender, on the pages it
 * emitted.
 */
export function criticalCss(theme: () => DefaultTheme): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'critical-css',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const sheets = files.flatMap((file) =>
        file.type === 'asset' && file.fileName.endsWith('.css')
          ? [compileSheet(String(file.source), { href: `${config.base}${file.fileName}`, allowRules: ALLOW_RULES })]
          : [],
      );
      const processor = createProcessor(sheets, { preload: 'media-script' });
      const { css, bootTag, preloadTag } = theme();
      const themeSheet = compileSheet(css);
      for (const file of files) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.html') || file.fileName === 'index.html') continue;
        const html = withThemeRules(processor.process(String(file.source)), themeSheet, bootTag);
        file.source = sheetsWithApp(html, preloadTag);
      }
    },
  };
}
