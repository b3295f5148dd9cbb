// Builds the web app into dist/ unless dist/ already holds a build of the same sources: `npm start` runs it, so a
// start after no change to the web app does not wait for a build. `npm run build` always builds. Decision 017.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const repository = path.resolve(web, '../..');
const dist = path.join(web, 'dist');
/** The sources' fingerprint, written after a build succeeded. */
const stampFile = path.join(dist, '.sources-hash');

/**
 * What a build is made of: the app's sources, the contract's and its catalogues, the page, the build's
 * configuration and plugins, and the installed packages (the lockfile). public/themes is left out: the build copies it from PrimeReact.
 */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/vite-plugins',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/locales',
  'packages/contract/package.json',
  'package-lock.json',
];
const GENERATED = path.join(web, 'public/themes');

function filesUnder(entry: string): string[] {
  if (entry === GENERATED) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(path.join(repository, input)))) {
    hash.update(path.relative(repository, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const sources = fingerprint();
const built = existsSync(path.join(dist, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8');
if (built === sources) {
  console.log('The web app in apps/web/dist is up to date with its sources.');
} else {
  const { build } = await import('vite');
  const started = performance.now();
  // Vite's list of every asset is hundreds of lines: a first start says only what it did (warnings still show,
  // but for Rolldown's table of the slowest plugins, which is for whoever works on the build).
  await build({ root: web, logLevel: 'warn', build: { rolldownOptions: { checks: { bundlerTimings: false } } } });
  writeFileSync(stampFile, sources);
  console.log(`Built the web app into apps/web/dist in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
