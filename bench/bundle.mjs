// Prints how much gzipped JavaScript each route of the web app loads, read from the build manifest
// (run `vite build` in apps/web first). Exits with 1 when the landing page is over its budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING_BUDGET_BYTES = 200 * 1024;
// /en/dist renders this route, which loads the visitor's landing page statically and the download panel lazily.
const LANDING_PAGE = 'src/app/routes/landing-route.tsx';
/** Classic pre-paint script every page loads; it is not part of the bundle graph. */
const BOOT_SCRIPT = 'layout-boot.js';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run "npx vite build" in apps/web first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzippedSizes = new Map();
function gzippedSize(file) {
  if (!gzippedSizes.has(file)) gzippedSizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzippedSizes.get(file);
}

/** The chunk's file and those of its static imports, transitively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const sum = (files) => [...files].reduce((total, file) => total + gzippedSize(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure(entryKey);
if (existsSync(path.join(dist, BOOT_SCRIPT))) entryFiles.add(BOOT_SCRIPT);

const pages = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const own = new Set([...staticClosure(key)].filter((file) => !entryFiles.has(file)));
    return { key, own: sum(own), total: sum(new Set([...entryFiles, ...own])) };
  })
  .sort((a, b) => b.total - a.total);

const width = Math.max(...pages.map((page) => page.key.length), entryKey.length) + 2;
console.log(`Gzipped JavaScript loaded per route (${path.relative(process.cwd(), dist) || dist})\n`);
console.log(`${'entry'.padEnd(width)}${kb(sum(entryFiles))}   ${entryKey} + ${BOOT_SCRIPT} and static imports`);
console.log(`\n${'lazily loaded chunk'.padEnd(width)}${'own'.padStart(9)}${'with entry'.padStart(12)}`);
for (const page of pages) console.log(`${page.key.padEnd(width)}${kb(page.own)}${kb(page.total).padStart(12)}`);

const landing = pages.find((page) => page.key === LANDING_PAGE);
if (!landing) {
  console.error(`\nThe landing page chunk (${LANDING_PAGE}) is not in the manifest.`);
  process.exit(2);
}
const verdict = landing.total > LANDING_BUDGET_BYTES ? 'OVER BUDGET' : 'within budget';
console.log(`\nLanding /en/dist: ${kb(landing.total).trim()} of ${kb(LANDING_BUDGET_BYTES).trim()}: ${verdict}`);
if (landing.total > LANDING_BUDGET_BYTES) process.exitCode = 1;
