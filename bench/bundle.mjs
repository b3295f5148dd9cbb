// Prints how much gzipped JavaScript each route of the web app loads, read from the build manifest
// (run `vite build` in apps/web first, or point WEB_DIST at another build). Exits with 1 when the landing page,
// with the catalogue it draws its words from, is over its budget in any locale.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Issue 15: the landing page with the code of its translations and one catalogue (decision 028).
const LANDING_BUDGET_BYTES = 250 * 1024;
// /en/dist renders this route, which loads the visitor's landing page statically and the download panel lazily.
const LANDING_PAGE = 'src/app/routes/landing-route.tsx';
/** Classic pre-paint script every page loads; it is not part of the bundle graph. */
const BOOT_SCRIPT = 'layout-boot.js';

const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
/** The landing page's words: the first part of one catalogue per locale, fetched on its own (decision 028). */
const CATALOGUE = /packages\/contract\/locales\/([\w-]+)\.json\?part=first$/;
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

const page = pages.find(({ key }) => key === LANDING_PAGE);
const catalogues = pages.filter(({ key }) => CATALOGUE.test(key));
if (!page || catalogues.length === 0) {
  console.error(
    `\nThe landing page's chunk (${LANDING_PAGE}) or its catalogues (${CATALOGUE}) are not in the manifest.`,
  );
  process.exit(2);
}
console.log('');
for (const catalogue of catalogues) {
  const locale = CATALOGUE.exec(catalogue.key)?.[1];
  const total = page.total + catalogue.own;
  const verdict = total > LANDING_BUDGET_BYTES ? 'OVER BUDGET' : 'within budget';
  console.log(
    `Landing /${locale}/dist with its catalogue: ${kb(total).trim()} of ${kb(LANDING_BUDGET_BYTES).trim()}: ${verdict}`,
  );
  if (total > LANDING_BUDGET_BYTES) process.exitCode = 1;
}
