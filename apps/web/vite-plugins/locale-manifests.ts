import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { localeManifestPath } from '../src/lib/pwa/manifest-path.ts';

const LOCALES_FOLDER = path.resolve(import.meta.dirname, '../../../packages/contract/locales');
/** The link vite-plugin-pwa writes into index.html: the English manifest, until the app knows the reader's language. */
const DEFAULT_LINK = 'href="/manifest.webmanifest"';

/** The installed app's name, short name and description in the locale, from its catalogue's `installedApp`. */
export function installedAppWords(locale: string) {
  const catalogue = JSON.parse(readFileSync(path.join(LOCALES_FOLDER, `${locale}.json`), 'utf8'));
  const { name, shortName, description } = catalogue.installedApp as Record<string, string>;
  return { name, short_name: shortName, description };
}

/**
 * A web app manifest per locale (the installed app's name and description in the catalogue's `installedApp`), each
 * prerendered page linking its locale's; index.html keeps vite-plugin-pwa's English one, which the app then points
 * at the reader's language (lib/i18n/i18n.ts). Runs after the prerender, which writes the pages with `<html lang>`.
 */
export function localeManifests(manifest: Partial<ManifestOptions>): Plugin {
  return {
    name: 'locale-manifests',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const locales = readdirSync(LOCALES_FOLDER)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.replace(/\.json$/, ''));
      for (const locale of locales) {
        this.emitFile({
          type: 'asset',
          fileName: localeManifestPath(locale).slice(1),
          source: JSON.stringify({ ...manifest, ...installedAppWords(locale), lang: locale }),
        });
      }
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || file.fileName === 'index.html' || !file.fileName.endsWith('.html')) continue;
        const locale = /<html lang="([\w-]+)"/.exec(String(file.source))?.[1];
        if (!locale || !locales.includes(locale)) continue;
        file.source = String(file.source).replace(DEFAULT_LINK, `href="${localeManifestPath(locale)}"`);
      }
    },
  };
}
