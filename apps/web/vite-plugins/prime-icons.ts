import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import svgpath from 'svgpath';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:prime-icons.css';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const SOURCE_FILE = /\.(tsx?|css)$/;
/** `pi-check` in `icon="pi pi-check"`, `'pi-check'` or `.pi-check`; not the `pi-` inside `api-client`. */
const ICON_CLASS = /(?<![\w-])pi-([\w-]*)/g;

/** PrimeIcons' font as SVG: each icon's glyph, as the font draws it, in units of 1/1024 em. */
const fontFile = path.join(
  path.dirname(createRequire(import.meta.url).resolve('primeicons/package.json')),
  'fonts',
  'primeicons.svg',
);
const EM = 1024;
/** The font's ascent: its baseline lies this far below the top of a glyph's em box. */
const ASCENT = 960;

/** An icon as the font draws it: its glyph's outline, top down, and its advance (most are an em wide). */
export interface Glyph {
  d: string;
  advance: number;
}

/** The glyphs of PrimeIcons' font by name, upright and rounded to whole units (a 70th of a pixel at 14 px). */
export function readGlyphs(font = readFileSync(fontFile, 'utf8')) {
  const glyphs = new Map<string, Glyph>();
  for (const [tag] of font.matchAll(/<glyph\s[^>]*>/g)) {
    const name = /glyph-name="([^"]+)"/.exec(tag)?.[1];
    const d = / d="([^"]+)"/.exec(tag)?.[1];
    const advance = Number(/horiz-adv-x="(\d+)"/.exec(tag)?.[1] ?? EM);
    if (name && d) glyphs.set(name, { d: svgpath(d).scale(1, -1).translate(0, ASCENT).round(0).toString(), advance });
  }
  return glyphs;
}

/** A glyph as a CSS url(): quotes made single and only what must be escaped, about a third smaller than base64. */
const glyphUrl = ({ d, advance }: Glyph) =>
  `url("data:image/svg+xml,${`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${advance} ${EM}'><path d='${d}'/></svg>`.replace(/[<>#%]/g, encodeURIComponent)}")`;

const iconRule = (name: string, glyph: Glyph) =>
  `.pi-${name}{--pi:${glyphUrl(glyph)}${glyph.advance === EM ? '' : `;width:${glyph.advance / EM}em`}}`;

/**
 * The stylesheet of the PrimeIcons the sources name (`[file, text]` pairs): `.pi` draws its icon's glyph as a mask in
 * the text's colour, in the box and on the baseline the font would give it, so `<i className="pi pi-check" />` and
 * PrimeReact's `icon="pi pi-check"` look as before without the font. Throws, naming the file, for a name the font
 * has no glyph for.
 */
export function iconStylesheet(sources: [file: string, text: string][], glyphs: Map<string, Glyph>): string {
  const used = new Map<string, Glyph>();
  for (const [file, text] of sources) {
    for (const [, name = ''] of text.matchAll(ICON_CLASS)) {
      const glyph = glyphs.get(name);
      if (!glyph) throw new Error(`${file}: "pi-${name}" is not a PrimeIcons icon`);
      used.set(name, glyph);
    }
  }
  const rules = [...used].sort(([a], [b]) => a.localeCompare(b)).map(([name, glyph]) => iconRule(name, glyph));
  return `.pi {
  display: inline-block;
  flex-shrink: 0;
  width: 1em;
  height: 1em;
  vertical-align: ${(ASCENT - EM) / EM}em;
  background-color: currentColor;
  mask: var(--pi) center / contain no-repeat;
}
/* Forced colours replace backgrounds: the icon keeps the text's colour. */
@media (forced-colors: active) {
  .pi {
    forced-color-adjust: none;
    background-color: CanvasText;
  }
}
${rules.join('\n')}
`;
}

const readSources = (folder: string): [string, string][] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE_FILE.test(file))
    .map((file) => [path.join('src', file), readFileSync(path.join(folder, file), 'utf8')]);

/**
 * Only the PrimeIcons the app names, as `virtual:prime-icons.css` (main.tsx), instead of PrimeIcons' 36 KB font and
 * its stylesheet of all 313 icons. The build fails when a source names an icon PrimeIcons does not have.
 */
export function primeIcons(): Plugin {
  const glyphs = readGlyphs();
  let sourceFolder = '';
  return {
    name: 'prime-icons',
    configResolved(config) {
      sourceFolder = path.join(config.root, 'src');
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : undefined),
    load(id) {
      if (id !== RESOLVED_VIRTUAL_ID) return undefined;
      try {
        return iconStylesheet(readSources(sourceFolder), glyphs);
      } catch (error) {
        return this.error(error instanceof Error ? error.message : String(error));
      }
    },
    // A source that starts naming another icon gets it at once in the dev server.
    configureServer(server) {
      server.watcher.on('change', (file) => {
        const module = server.moduleGraph.getModuleById(RESOLVED_VIRTUAL_ID);
        if (module && file.startsWith(sourceFolder) && SOURCE_FILE.test(file)) void server.reloadModule(module);
      });
    },
  };
}
