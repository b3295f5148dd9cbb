// `node scripts/runtime-packages.ts <folder>`: copies into <folder>/node_modules the packages the bundle leaves
// out (build.ts's `external`) and what they depend on, as the lockfile installed them: the image's packages,
// instead of every production dependency (decision 060).
import { cp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { external } from './build.ts';

const root = path.resolve(import.meta.dirname, '../../..');

interface Locked {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** pdf.js's optional canvas (35 MB) draws pages; the server only reads their text (decision 050). */
const leftOut = new Set(['@napi-rs/canvas']);

/**
 * pdf.js's files that the server's reading of text loads: its Node build and its worker, which it imports from
 * beside itself. Given no cMapUrl, standardFontDataUrl nor wasmUrl, it reads none of its other 30 MB.
 */
const onlyFiles: Record<string, string[]> = {
  'pdfjs-dist': ['package.json', 'LICENSE', 'legacy/build/pdf.mjs', 'legacy/build/pdf.worker.mjs'],
};

/** Source maps and type declarations, and a package's own tests and examples: nothing reads them at run time. */
const unread = /\.(map|d\.[cm]?ts)$/;
const unreadFolders = new Set(['test', 'tests', 'example', 'examples']);

/** The lockfile's entry of `name` as seen from the package at `from`: Node's own search up the node_modules. */
function locate(packages: Record<string, Locked>, from: string, name: string): string | undefined {
  for (let folder = from; ; folder = folder.slice(0, Math.max(0, folder.lastIndexOf('/node_modules/')))) {
    const candidate = `${folder ? `${folder}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!folder) return undefined;
  }
}

async function main() {
  const [target] = process.argv.slice(2);
  if (!target) throw new Error('Usage: node scripts/runtime-packages.ts <folder>');
  const { packages } = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, Locked>;
  };
  const needed = new Set<string>();
  const visit = (from: string, name: string) => {
    const found = locate(packages, from, name);
    if (!found || needed.has(found) || leftOut.has(name)) return;
    const entry = packages[found] as Locked;
    needed.add(found);
    const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter(
      (peer) => !entry.peerDependenciesMeta?.[peer]?.optional,
    );
    for (const dependency of [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...requiredPeers,
    ]) {
      visit(found, dependency);
    }
  };
  for (const name of external) visit('', name);

  for (const folder of needed) {
    // Optional packages of other platforms are in the lockfile but not installed.
    if (!(await stat(path.join(root, folder)).catch(() => undefined))) continue;
    const name = folder.slice(folder.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const files = onlyFiles[name];
    for (const file of files ?? ['.']) {
      await cp(path.join(root, folder, file), path.join(target, folder, file), {
        recursive: true,
        // Packages inside this one's node_modules are copied on their own if needed.
        filter: (source) => {
          const parts = path.relative(path.join(root, folder), source).split(path.sep);
          return !unread.test(source) && !unreadFolders.has(parts[0] ?? '') && !parts.includes('node_modules');
        },
      });
    }
  }
}

await main();
