import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The blocks of a catalogue only the pages behind a route use (the back office, the profile, the reader, the
 * terms): fetched with the first such page, not with the landing page. `mail` and `push` (the daily reminder's words) are the server's alone, `installedApp`
 * the build's (the manifests, locale-manifests.ts).
 */
const LATER_BLOCKS = new Set([
  'books',
  'churches',
  'countries',
  'files',
  'languages',
  'migration',
  'profile',
  'reader',
  'search',
  'stats',
  'terms',
  'users',
]);
const NOT_IN_APP = new Set(['mail', 'push', 'installedApp']);

export type CataloguePart = 'first' | 'later';

const PART_QUERY = /^(.*\/packages\/contract\/locales\/[\w-]+\.json)\?part=(first|later)$/;
const PREFIX = '\0catalogue-part:';

/**
 * Serves `locales/<locale>.json?part=first` (what every page needs) and `?part=later` (LATER_BLOCKS) as two
 * modules, so two chunks, of the one catalogue file per locale the server reads too (decision 028).
 */
export function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const [file, query] = source.split('?');
      if (!file?.endsWith('.json') || !query?.startsWith('part=')) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      return resolved && PART_QUERY.test(`${resolved.id}?${query}`) ? `${PREFIX}${resolved.id}?${query}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [, file = '', part] = PART_QUERY.exec(id.slice(PREFIX.length)) ?? [];
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const kept = Object.entries(catalogue).filter(
        ([block]) => !NOT_IN_APP.has(block) && LATER_BLOCKS.has(block) === (part === 'later'),
      );
      return `export default ${JSON.stringify(Object.fromEntries(kept))};`;
    },
  };
}
