import path from 'node:path';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/** Words of the sources, `md:col-6` and `hover:underline` whole, as PrimeFlex's class names are. */
const words = (text: string) => text.match(/[\w:-]+/g) ?? [];

/**
 * PrimeFlex (main.tsx imports it whole: 130 KB, 21 KB sent) cut to the classes the sources name, at build. A class
 * name must appear whole somewhere in src (`'md:col-6'`, not `'md:col-' + n`) to be kept. The dev server keeps all.
 */
export function purgePrimeFlex(): Plugin {
  let content: string[] = [];
  return {
    name: 'purge-primeflex',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      content = [path.join(config.root, 'src/**/*.{ts,tsx}')];
    },
    async transform(css, id) {
      if (!id.endsWith('/primeflex/primeflex.min.css')) return undefined;
      const [purged] = await new PurgeCSS().purge({ content, css: [{ raw: css }], defaultExtractor: words });
      return { code: purged?.css ?? '', map: null };
    },
  };
}
