/**
 * The import rules of both apps, checked by `npm run lint`: imports run down, never up, and no module imports
 * itself back through others. Prints each breach and exits 1.
 * - Web (`apps/web/src`, decision 013): app → features → layout → components → hooks → lib; a feature imports no
 *   other feature.
 * - Server (`apps/server/src`): app.ts and server.ts → modules → plugins → db → the shared files at the root
 *   (config, errors, passwords...); a plugin never imports a module, the database neither. A module imports of
 *   another only its face: `service.ts` (what it does for others) and `*-view.ts` (how its records are read and
 *   shown); its routes and every other file are its own.
 * Test files are left out: a test may reach anything it tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Rules {
  name: string;
  src: string;
  /** A file's place: its layer, higher may import lower or equal, and its own group inside a layer, if any. */
  placeOf(relative: string[]): { layer: number; group?: string };
  /** Layers whose groups may not import each other (the web's features). */
  separateGroups?: boolean;
  /** What is wrong with an import the layers allow, if anything. */
  refuse?(from: string[], to: string[]): string | undefined;
}

const ROOT = path.join(import.meta.dirname, '..');
const WEB_LAYERS = ['lib', 'hooks', 'components', 'layout', 'features', 'app'];
/** The process itself: the app, the server that runs it and what it prints at start. */
const SERVER_TOP = new Set(['app.ts', 'server.ts', 'startup-banner.ts']);
const SERVER_LAYERS = ['', 'db', 'plugins', 'modules'];
/** The files of a module that other modules may import. */
const MODULE_FACE = /^(service|[a-z-]+-view)\.ts$/;

const rules: Rules[] = [
  {
    name: 'Web',
    src: 'apps/web/src',
    separateGroups: true,
    placeOf([top = '', group]) {
      const layer = WEB_LAYERS.indexOf(top);
      // main.tsx, prerender.tsx and the global styles stand above everything; styles/ below it all.
      if (top === 'styles') return { layer: -1 };
      if (layer === -1) return { layer: WEB_LAYERS.length };
      return top === 'features' && group ? { layer, group } : { layer };
    },
  },
  {
    name: 'Server',
    src: 'apps/server/src',
    placeOf([top = '', second]) {
      if (second === undefined) return { layer: SERVER_TOP.has(top) ? SERVER_LAYERS.length : 0 };
      return { layer: SERVER_LAYERS.indexOf(top) };
    },
    refuse([top, module], [toTop, toModule, toFile, ...deeper]) {
      if (top !== 'modules' || toTop !== 'modules' || toFile === undefined || module === toModule) return undefined;
      return deeper.length > 0 || !MODULE_FACE.test(toFile) ? "imports another module's internals" : undefined;
    },
  },
];

/** The project files a source file imports: static, side-effect and dynamic imports of relative paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)].map((match) =>
    path.resolve(path.dirname(file), match[1] as string),
  );
}

const problems: string[] = [];
for (const { name, src, placeOf, separateGroups, refuse } of rules) {
  const base = path.join(ROOT, src);
  const sources = readdirSync(base, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(base, file));
  const show = (file: string) => path.relative(base, file);
  const parts = (file: string) => path.relative(base, file).split(path.sep);
  const place = (file: string) => placeOf(parts(file));
  const graph = new Map(sources.map((file) => [file, importsOf(file).filter((target) => target.startsWith(base))]));

  for (const [file, targets] of graph) {
    const from = place(file);
    for (const target of targets) {
      const to = place(target);
      if (to.layer > from.layer) problems.push(`${name}: ${show(file)} imports a layer above it: ${show(target)}`);
      else if (separateGroups && to.layer === from.layer && from.group !== to.group && to.group)
        problems.push(`${name}: ${show(file)} imports another feature: ${show(target)}`);
      else {
        const refused = refuse?.(parts(file), parts(target));
        if (refused) problems.push(`${name}: ${show(file)} ${refused}: ${show(target)}`);
      }
    }
  }

  const done = new Set<string>();
  const findLoops = (file: string, trail: string[]) => {
    if (trail.includes(file)) {
      problems.push(`${name}: import loop: ${[...trail.slice(trail.indexOf(file)), file].map(show).join(' → ')}`);
      return;
    }
    if (done.has(file)) return;
    for (const target of graph.get(file) ?? []) findLoops(target, [...trail, file]);
    done.add(file);
  };
  for (const file of sources) findLoops(file, []);
}

if (problems.length > 0) {
  console.error(`Import rules (scripts/check-imports.ts):\n${problems.join('\n')}`);
  process.exit(1);
}
