import { stat } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';
import { KEY } from '../../plugins/storage.ts';

/** The archive's first entry: what kind of portal it holds, read before anything is restored. */
export const MANIFEST = 'manifest.json';
/** The PostgreSQL database, as `pg_dump --format=custom` wrote it. */
export const DUMP = 'database.pgdump';
/** The embedded database: PGlite's data folder, DATA_DIR/db. */
export const DATABASE_FOLDER = 'db';
/** The edition files, DATA_DIR/files. */
export const FILES_FOLDER = 'files';
/** Files of DATA_DIR the portal writes once and reads at every start: without them sessions or the first sign-in break. */
export const SETTINGS = ['jwt-secret', 'initial-admin-password'];

const manifestSchema = z.object({
  format: z.literal('teen-devotional-portal-backup'),
  version: z.literal(1),
  kind: z.enum(['embedded', 'postgres']),
  createdAt: z.string(),
  /** Null when the files are in a bucket, which the archive does not hold. */
  files: z.object({ count: z.number(), bytes: z.number() }).nullable(),
  settings: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Whether an entry of DATA_DIR goes into the archive: of the files folder, only stored editions (not uploads in progress). */
export const isArchived = (entry: string) =>
  !entry.startsWith(`${FILES_FOLDER}/`) || KEY.test(entry.slice(FILES_FOLDER.length + 1));

/**
 * Writes the gzipped archive: the staged parts (the manifest first, the dump) and the named entries of
 * DATA_DIR. Everything streams from the disk, whatever the size of the files.
 */
export async function writeArchive(
  file: string,
  parts: { staging: string; staged: string[]; dataDir: string; entries: string[] },
) {
  await tar.c(
    {
      gzip: true,
      file,
      // Password hashes and the token secret are inside: for the owner's eyes only.
      mode: 0o600,
      cwd: parts.dataDir,
      // Owner ids mean nothing on the machine the archive is restored on.
      portable: true,
      filter: isArchived,
      // tar takes one folder to name entries from: the staged parts go in by their full path and are named here.
      onWriteEntry: (entry) => {
        if (path.dirname(entry.absolute) === parts.staging) entry.path = path.basename(entry.absolute);
      },
    },
    [...parts.staged.map((name) => path.join(parts.staging, name)), ...parts.entries],
  );
}

/** Reads the manifest, going through the whole archive: a damaged one is found before anything changes. */
export async function readManifest(file: string): Promise<Manifest> {
  const isFile = await stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) throw new Error(`${file} is not a file.`);
  let text = '';
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path === MANIFEST) entry.on('data', (chunk: Buffer) => (text += chunk.toString()));
      },
    });
  } catch (error) {
    throw unreadable(file, error);
  }
  const manifest = manifestSchema.safeParse(parseJson(text));
  if (!manifest.success)
    throw new Error(`${file} is not a backup made by npm run backup (it has no valid ${MANIFEST}).`);
  return manifest.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Extracts the archive's known entries into `folder`; nothing else in it (links, other paths) is written. */
export async function extractArchive(file: string, folder: string) {
  const known = (entry: string) =>
    entry === MANIFEST ||
    entry === DUMP ||
    SETTINGS.includes(entry) ||
    entry.replace(/\/$/, '') === DATABASE_FOLDER ||
    entry.startsWith(`${DATABASE_FOLDER}/`) ||
    entry.replace(/\/$/, '') === FILES_FOLDER ||
    (entry.startsWith(`${FILES_FOLDER}/`) && isArchived(entry));
  try {
    await tar.x({
      file,
      cwd: folder,
      strict: true,
      filter: (entry, info) => known(entry) && 'type' in info && (info.type === 'File' || info.type === 'Directory'),
    });
  } catch (error) {
    throw unreadable(file, error);
  }
}

/** A format error of tar or gzip says the archive is bad; anything else (a full disk) is said as it is. */
function unreadable(file: string, error: unknown) {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(TAR_|Z_)/.test(code)
    ? new Error(`${file} is damaged or incomplete: it can't be read as a portal backup (.tar.gz).`)
    : error;
}

/** The manifest as written into the archive. */
export const manifestText = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;
