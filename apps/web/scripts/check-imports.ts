/**
 * The web app's import rules, checked by `npm run lint`: app → features → shared. A feature imports no other
 * feature and not the app; the shared folders import neither; and no module imports itself back through others.
 * Prints each breach and exits 1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(import.meta.dirname, '../src');
const SHARED = new Set(['components', 'hooks', 'layout', 'lib', 'config', 'styles']);

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => path.join(SRC, file));

/** Where a file stands: `app`, `feature:<name>`, `shared`, or `root` (main.tsx). */
function areaOf(file: string): string {
  const [top, name] = path.relative(SRC, file).split(path.sep);
  if (top === 'features') return `feature:${name}`;
  if (top === 'app') return 'app';
  return top && SHARED.has(top) ? 'shared' : 'root';
}

function breach(from: string, to: string): string | undefined {
  const [source, target] = [areaOf(from), areaOf(to)];
  if (source === 'root' || source === 'app' || source === target) return undefined;
  if (target === 'app') return 'imports the app';
  if (target.startsWith('feature:'))
    return source === 'shared' ? 'shared code imports a feature' : 'imports another feature';
  return undefined;
}

/** The project files a source file imports: static, side-effect and dynamic imports of relative paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)].map((match) =>
    path.resolve(path.dirname(file), match[1] as string),
  );
}

const graph = new Map(sources.map((file) => [file, importsOf(file)]));
const show = (file: string) => path.relative(SRC, file);
const problems: string[] = [];

for (const [file, targets] of graph) {
  for (const target of targets) {
    const reason = breach(file, target);
    if (reason) problems.push(`${show(file)} ${reason}: ${show(target)}`);
  }
}

const done = new Set<string>();
function findLoops(file: string, trail: string[]) {
  if (trail.includes(file)) {
    problems.push(`import loop: ${[...trail.slice(trail.indexOf(file)), file].map(show).join(' → ')}`);
    return;
  }
  if (done.has(file)) return;
  for (const target of graph.get(file) ?? []) findLoops(target, [...trail, file]);
  done.add(file);
}
for (const file of sources) findLoops(file, []);

if (problems.length > 0) {
  console.error(`Web import rules (apps/web/scripts/check-imports.ts):\n${problems.join('\n')}`);
  process.exit(1);
}
