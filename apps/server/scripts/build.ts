// The server as one ES module, dist/server.js, rebuilt only when a file it was built from changed (decision 018).
// `npm start` runs it through start.ts; tests and `node src/server.ts` run the sources. `node scripts/build.ts`
// (the image's build) also bundles the command-line tools into dist/cli (decision 060).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { bundleFile } from './serve.ts';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.dirname(bundleFile);
/** Every file the bundle was built from, with a hash of its content: the next start compares them. */
const inputsFile = path.join(outdir, 'server.inputs.json');

/**
 * Packages that read files of their own at run time (PGlite's WebAssembly and data, the API docs' pages,
 * pino's worker for readable logs) or load native code stay in node_modules: with what they depend on, they
 * are the image's only packages (runtime-packages.ts).
 */
export const external = [
  // Loaded only by portals configured for them (a bucket, Redis, metrics): a single process never parses them.
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@aws-sdk/s3-request-presigner',
  'ioredis',
  'prom-client',
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'pg-native',
  'sharp',
  // Loaded when an edition's pages are read (decision 050); it finds its worker file beside itself.
  'pdfjs-dist',
];

/**
 * Sources find their neighbours (the migrations, the web app) from their own folder, but in the bundle
 * `import.meta.dirname` is dist/: each source's uses of it are pointed back at the folder it came from.
 */
const ownFolder = (bundleFolder: string): Plugin => ({
  name: 'own-folder',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const folder = `/${path.relative(bundleFolder, path.dirname(file))}`;
      return {
        contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(folder)})`),
        loader: 'ts',
      };
    });
  },
});

/** How the server and the commands are bundled. */
const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  // Bundled CommonJS packages `require` node's modules and the external packages.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
} satisfies BuildOptions;

/** Read one after another: a container's limit of open files (often 1024) is below the bundle's inputs. */
async function hashes(files: string[]): Promise<Record<string, string>> {
  const hashed: Record<string, string> = {};
  for (const file of files) {
    hashed[file] = createHash('sha256')
      .update(await readFile(file))
      .digest('base64url');
  }
  return hashed;
}

/** Whether the bundle is there and every file it was built from (this script too) is unchanged. */
async function upToDate(): Promise<boolean> {
  try {
    await stat(bundleFile);
    const recorded: Record<string, string> = JSON.parse(await readFile(inputsFile, 'utf8'));
    const current = await hashes(Object.keys(recorded));
    return Object.entries(recorded).every(([file, hash]) => current[file] === hash);
  } catch {
    return false;
  }
}

/** Writes a file whole or not at all: a start at the same moment never runs half a bundle. */
async function replace(file: string, contents: string | Uint8Array) {
  const draft = `${file}.${process.pid}.tmp`;
  await writeFile(draft, contents);
  await rename(draft, file);
}

/** Builds the bundle unless it is up to date. */
export async function bundleIfChanged() {
  if (await upToDate()) return;
  const { metafile, outputFiles } = await build({
    ...shared,
    entryPoints: [path.join(root, 'src/server.ts')],
    outfile: bundleFile,
    plugins: [ownFolder(outdir)],
    metafile: true,
    write: false,
  });
  await mkdir(outdir, { recursive: true });
  for (const { path: file, contents } of outputFiles) await replace(file, contents);
  const inputs = Object.keys(metafile.inputs).map((input) => path.resolve(input));
  await replace(inputsFile, JSON.stringify(await hashes([...inputs, import.meta.filename])));
}

/**
 * The command-line tools an image runs instead of `npm run backup` and the like, which run the sources: they
 * share their code in chunks beside them. Written afresh, as no server loads them.
 */
async function bundleCommands() {
  const folder = path.join(outdir, 'cli');
  await rm(folder, { recursive: true, force: true });
  await build({
    ...shared,
    entryPoints: {
      backup: path.join(root, 'src/modules/backup/cli.ts'),
      'migrate-legacy': path.join(root, 'src/modules/migrate/cli.ts'),
      'files-to-bucket': path.join(root, 'src/modules/files/to-bucket-cli.ts'),
    },
    outdir: folder,
    splitting: true,
    plugins: [ownFolder(folder)],
  });
}

if (import.meta.main) {
  await bundleIfChanged();
  await bundleCommands();
}
