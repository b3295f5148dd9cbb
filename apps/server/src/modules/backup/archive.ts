import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { z } from 'zod';
import { KEY } from '../../plugins/storage/keys.ts';

/** The archive's first entry: what kind of portal it holds, read before anything is restored. */
export const MANIFEST = 'manifest.json';
/** The PostgreSQL database, as `pg_dump --format=custom` wrote it. */
export const DUMP = 'database.pgdump';
/** The embedded database: PGlite's data folder, DATA_DIR/db. */
export const DATABASE_FOLDER = 'db';
/** The edition files, DATA_DIR/files. */
export const FILES_FOLDER = 'files';
/** Files of DATA_DIR the portal writes once and reads at every start: without them sessions or the first sign-in break. */
export const SETTINGS = ['jwt-secret', 'initial-admin-password'] as const;
/** Written into PGlite's folder when it is created: without it, opening the folder would make a new, empty database. */
const DATABASE_MARKER = `${DATABASE_FOLDER}/PG_VERSION`;

const checksumSchema = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type Checksum = z.infer<typeof checksumSchema>;

const manifestSchema = z.object({
  format: z.literal('teen-devotional-portal-backup'),
  version: z.literal(1),
  kind: z.enum(['embedded', 'postgres']),
  createdAt: z.string(),
  /** Null when the files are in a bucket, which the archive does not hold. */
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }).nullable(),
  /** Names the portal knows, each once: restore moves each into DATA_DIR by its name. */
  settings: z.array(z.enum(SETTINGS)).refine((names) => new Set(names).size === names.length),
  /** Every file of the archive but the manifest, by its name in it. Backups made before they were written have none. */
  checksums: z.record(z.string(), checksumSchema).optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A file's size and SHA-256, read as a stream. */
export async function checksumOf(file: string): Promise<Checksum> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(file), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { bytes, sha256: hash.digest('hex') };
}

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

/**
 * Whether an entry is one a backup writes: the manifest, the dump, a settings file, PGlite's folder and what
 * it holds, a stored edition file. Nothing else (links, other names, `..`) is read or extracted.
 */
function isBackupEntry(name: string, type: string) {
  const isFolder = type === 'Directory';
  if (!isFolder && type !== 'File') return false;
  const [top = '', ...rest] = name.replace(/\/$/, '').split('/');
  if ([top, ...rest].some((part) => part === '' || part === '.' || part === '..')) return false;
  if (top === DATABASE_FOLDER) return isFolder || rest.length > 0;
  if (top === FILES_FOLDER) return isFolder ? rest.length === 0 : rest.length === 1 && KEY.test(rest[0] ?? '');
  return !isFolder && rest.length === 0 && [MANIFEST, DUMP, ...SETTINGS].includes(top);
}

/**
 * Reads the whole archive and checks it against its manifest before anything is restored: only entries a
 * backup writes, each once; the database of its kind; the edition files (their number and bytes) and the
 * settings files it names; and, when the backup wrote them, every file's size and SHA-256. Returns the manifest.
 */
export async function checkArchive(file: string): Promise<Manifest> {
  const isFile = await stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) throw new Error(`${file} is not a file.`);
  let text = '';
  const found = new Map<string, Checksum>();
  const seen = new Set<string>();
  const strays: string[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const stray = !isBackupEntry(entry.path, entry.type) || seen.has(entry.path);
        seen.add(entry.path);
        if (stray) strays.push(entry.path);
        if (stray || entry.type !== 'File') return;
        const hash = createHash('sha256');
        let bytes = 0;
        entry.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
          if (entry.path === MANIFEST) text += chunk.toString();
        });
        entry.on('end', () => found.set(entry.path, { bytes, sha256: hash.digest('hex') }));
      },
    });
  } catch (error) {
    throw unreadable(file, error);
  }
  const manifest = manifestSchema.safeParse(parseJson(text));
  if (!manifest.success)
    throw new Error(`${file} is not a backup made by npm run backup (it has no valid ${MANIFEST}).`);
  const problems = [
    ...new Set([
      ...strays.map((name) => `it holds ${name}, which a backup does not`),
      ...mismatches(manifest.data, found),
    ]),
  ];
  if (problems.length > 0) {
    const more = problems.length > 3 ? `, and ${problems.length - 3} more` : '';
    throw new Error(
      `${file} does not match its ${MANIFEST}: ${problems.slice(0, 3).join('; ')}${more}. It was damaged or changed after the backup; nothing was restored.`,
    );
  }
  return manifest.data;
}

/** How the files found in an archive differ from what its manifest says it holds. */
function mismatches(manifest: Manifest, found: Map<string, Checksum>): string[] {
  const problems: string[] = [];
  const database = manifest.kind === 'embedded' ? DATABASE_MARKER : DUMP;
  for (const name of [database, ...manifest.settings]) if (!found.has(name)) problems.push(`it lacks ${name}`);
  const files = [...found].filter(([name]) => name.startsWith(`${FILES_FOLDER}/`));
  const bytes = files.reduce((sum, [, file]) => sum + file.bytes, 0);
  const expected = manifest.files ?? { count: 0, bytes: 0 };
  if (files.length !== expected.count || bytes !== expected.bytes) {
    problems.push(
      `it has ${files.length} edition files of ${bytes} bytes where the manifest says ${expected.count} of ${expected.bytes}`,
    );
  }
  const { checksums } = manifest;
  if (!checksums) return problems;
  for (const [name, backedUp] of Object.entries(checksums)) {
    const file = found.get(name);
    if (!file) problems.push(`it lacks ${name}`);
    else if (file.bytes !== backedUp.bytes || file.sha256 !== backedUp.sha256) {
      problems.push(`${name} is not the file backed up (its size or SHA-256 differs)`);
    }
  }
  for (const name of found.keys()) {
    if (name !== MANIFEST && !Object.hasOwn(checksums, name))
      problems.push(`it holds ${name}, which the manifest does not name`);
  }
  return problems;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Extracts the archive's backup entries into `folder`; nothing else in it (links, other paths) is written. */
export async function extractArchive(file: string, folder: string) {
  try {
    await tar.x({
      file,
      cwd: folder,
      strict: true,
      filter: (entry, info) => 'type' in info && isBackupEntry(entry, info.type),
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
