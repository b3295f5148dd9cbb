import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { APP_TEMPLATE_ID } from '../src/lib/app-start/constants.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const ROOT_ELEMENT = '<div id="root"></div>';
const MODULE_PRELOAD = '<link rel="modulepreload" crossorigin';
/**
 * A page that paints before its scripts run fetches them at once but compiles them only when they run: a module
 * preload would compile them on the main thread ahead of the first paint (about 150 ms at bench/landing.ts's 4× slower CPU).
 */
const SCRIPT_PRELOAD = '<link rel="preload" as="script" crossorigin';

/** The module that starts a prerendered page's app when the visitor needs it (decision 052). */
const START_MODULE = 'src/app-start.ts';

interface PrerenderModule {
  PRERENDERED_PAGES: { path: string; locale: string }[];
  renderPage(path: string): Promise<string>;
}

/** A locale's catalogue (packages/contract/locales/fr.json): each page preloads its own locale's only. */
const catalogueLocale = (id: string) => /\/locales\/([\w-]+)\.json$/.exec(id)?.[1];

/** The chunk's file and those of its static imports, transitively. */
function staticClosure(bundle: OutputBundle, chunk: OutputChunk, files = new Set<string>()) {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') staticClosure(bundle, next, files);
  }
  return files;
}

const cssOf = (bundle: OutputBundle, files: Set<string>) =>
  new Set(
    [...files].flatMap((file) => {
      const chunk = bundle[file];
      return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
    }),
  );

/**
 * Prerenders pages of the app at build time (a visitor's first pages in each locale, decision 039), so that their
 * first paint needs no JavaScript: renders each of `entry`'s pages with React on the server side of Vite (the same sources and config as the browser build) and writes
 * `dist/<path>/index.html`, index.html with that markup in #root and, in <head>, the stylesheets and preloads of
 * the lazily loaded chunks the page drew. The server sends it for that path; main.tsx hydrates it.
 */
export function prerender(entry: string): Plugin {
  let config: ResolvedConfig;
  let startChunk = '';
  return {
    name: 'prerender',
    apply: 'build',
    // After vite:build-html has put index.html in the bundle, before the manifest and compression see the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      startChunk = this.emitFile({ type: 'chunk', id: `${config.root}/${START_MODULE}`, name: 'app-start' });
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const startFile = this.getFileName(startChunk);
      const entryChunk = Object.values(bundle).find(
        (file): file is OutputChunk => file.type === 'chunk' && file.isEntry && file.fileName !== startFile,
      );
      if (index?.type !== 'asset' || !entryChunk) return this.error('prerender: the build has no index.html entry');
      const html = String(index.source);
      if (!html.includes(ROOT_ELEMENT)) return this.error(`prerender: index.html has no empty ${ROOT_ELEMENT}`);
      const entryTag = new RegExp(`<script type="module" crossorigin src="[^"]*${entryChunk.fileName}"></script>`).exec(
        html,
      )?.[0];
      if (!entryTag) return this.error(`prerender: index.html does not load ${entryChunk.fileName}`);

      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        // Node loads the contract itself, as the API server does: under Vite's module runner translations.ts read
        // FILE_MESSAGES before files.ts had run.
        ssr: { external: ['@portal/contract'] },
      });
      try {
        const modules = server.environments.ssr.moduleGraph.idToModuleMap;
        const evaluated = () =>
          [...modules.values()].flatMap((module) => (module.ssrModule && module.id ? [module.id] : []));
        const inEntry = staticClosure(bundle, entryChunk);
        const entryCss = cssOf(bundle, inEntry);
        const base = config.base;
        const { PRERENDERED_PAGES } = (await server.ssrLoadModule(entry)) as PrerenderModule;
        for (const { path, locale } of PRERENDERED_PAGES) {
          // Each page from freshly evaluated sources, so that what it draws lazily (its page's chunk, the parts of
          // its locale's catalogue) is what it evaluates, whatever the pages before it drew.
          server.moduleGraph.invalidateAll();
          const page = (await server.ssrLoadModule(entry)) as PrerenderModule;
          const loadedBefore = new Set(evaluated());
          const markup = await page.renderPage(path);
          const drawnHere = evaluated().filter(
            (id) => !loadedBefore.has(id) && (catalogueLocale(id) ?? locale) === locale,
          );
          const lazyFiles = new Set<string>();
          for (const file of Object.values(bundle)) {
            if (file.type === 'chunk' && file.moduleIds.some((id) => drawnHere.includes(id))) {
              for (const needed of staticClosure(bundle, file)) if (!inEntry.has(needed)) lazyFiles.add(needed);
            }
          }
          const sheets = [...cssOf(bundle, lazyFiles)]
            .filter((file) => !entryCss.has(file))
            .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`);
          const preloads = [...lazyFiles].map((file) => `${SCRIPT_PRELOAD} href="${base}${file}">`);
          const source = html
            .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
            .replaceAll(MODULE_PRELOAD, SCRIPT_PRELOAD)
            .replace('</head>', `  ${sheets.join('\n    ')}\n  </head>`)
            .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
          this.emitFile({
            type: 'asset',
            fileName: `${path.replace(/^\//, '')}/index.html`,
            source: withStartTemplate(source, { entryTag, preloads, startFile: `${base}${startFile}` }),
          });
        }
      } finally {
        await server.close();
      }
    },
  };
}

interface StartParts {
  /** The tag of the app's entry, which index.html has. */
  entryTag: string;
  /** The preloads of the lazily loaded chunks the page drew. */
  preloads: string[];
  /** The address of the `app-start` chunk. */
  startFile: string;
}

/**
 * The page's scripts (its entry and every preload) in the inert template that `app-start` fills <head> from when the
 * visitor needs the app (decision 052), and `app-start` in the entry's place. Its stylesheets wait, disabled, in
 * their places (vite-plugins/critical-css.ts).
 */
function withStartTemplate(page: string, { entryTag, preloads, startFile }: StartParts) {
  const scripts = [...(page.match(new RegExp(`${SCRIPT_PRELOAD}[^>]*>`, 'g')) ?? []), ...preloads];
  const withoutPreloads = scripts.reduce((html, tag) => html.replace(new RegExp(`\\n\\s*${tag}`), ''), page);
  const template = [`<template id="${APP_TEMPLATE_ID}">`, entryTag, ...scripts, '</template>'].join('\n      ');
  return withoutPreloads.replace(
    entryTag,
    `${template}\n    <script type="module" crossorigin src="${startFile}"></script>`,
  );
}
