import { mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { DataFolderInUse, lockDataFolder } from '../../db/data-folder-lock.ts';
import { KEY } from '../../plugins/storage/keys.ts';
import {
  type Checksum,
  checksumOf,
  DATABASE_FOLDER,
  DUMP,
  FILES_FOLDER,
  MANIFEST,
  type Manifest,
  manifestText,
  SETTINGS,
  writeArchive,
} from './archive.ts';
import { runPgTool } from './pg-tools.ts';

export type PortalSettings = Pick<Config, 'dataDir' | 'databaseUrl' | 'storage'>;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The names of a folder's entries; none when it is not there. */
export const namesIn = (folder: string) => readdir(folder).catch(() => [] as string[]);

/** The stored edition files of DATA_DIR/files, and their total size. */
async function storedFiles(folder: string) {
  const names = (await namesIn(folder)).filter((name) => KEY.test(name));
  let bytes = 0;
  for (const name of names) bytes += (await stat(path.join(folder, name))).size;
  return { names, bytes };
}

/** The files under a folder of DATA_DIR, named from DATA_DIR as in the archive. */
async function filesUnder(dataDir: string, folder: string) {
  const entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The size and SHA-256 of each file the archive will hold, by its name in it: restore checks them all. */
async function checksumsOf(files: Record<string, string>) {
  const checksums: Record<string, Checksum> = {};
  for (const [name, file] of Object.entries(files)) checksums[name] = await checksumOf(file);
  return checksums;
}

/** DATA_DIR's settings files that exist. */
export async function settingsIn(dataDir: string) {
  const present = await Promise.all(SETTINGS.map((name) => exists(path.join(dataDir, name))));
  return SETTINGS.filter((_, index) => present[index]);
}

/**
 * Takes DATA_DIR for the command, as the server does: the embedded database is copied or replaced only
 * while no portal has it open (a copy of a running one may not open again).
 */
export async function lockForCommand(dataDir: string, what: string) {
  try {
    return await lockDataFolder(dataDir, what);
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    throw new Error(
      `The portal (or another command) is using ${dataDir}: stop it first; an embedded database is backed up and restored only while it is closed.`,
    );
  }
}

/**
 * Writes one archive of the portal: its database (PGlite's folder, or a pg_dump of DATABASE_URL's), its
 * edition files when they are on the disk, and its settings files, with the size and SHA-256 of each in the
 * manifest. The archive appears under `file` only once complete.
 */
export async function backupPortal(config: PortalSettings, file: string): Promise<Manifest> {
  if (await exists(file)) throw new Error(`${file} already exists: give the backup a new name.`);
  if (!(await exists(path.dirname(file)))) throw new Error(`${path.dirname(file)} is not a folder.`);
  const kind = config.databaseUrl ? 'postgres' : 'embedded';
  if (kind === 'embedded' && !(await exists(path.join(config.dataDir, DATABASE_FOLDER)))) {
    throw new Error(
      `${config.dataDir} has no embedded database: set DATA_DIR (and DATABASE_URL) as the portal runs with.`,
    );
  }
  // A PostgreSQL database is dumped from a snapshot while the portal runs.
  const release = kind === 'embedded' ? await lockForCommand(config.dataDir, 'the backup command') : undefined;
  let staging = '';
  try {
    // Beside the archive: the place chosen for it has room for the dump, and the rename at the end is atomic.
    staging = await mkdtemp(path.join(path.dirname(file), '.portal-backup-'));
    if (config.databaseUrl) {
      await runPgTool('pg_dump', config.databaseUrl, ['--format=custom', `--file=${path.join(staging, DUMP)}`]);
    }
    const files =
      config.storage.kind === 'disk' ? await storedFiles(path.join(config.dataDir, FILES_FOLDER)) : undefined;
    const settings = await settingsIn(config.dataDir);
    // The files counted, one by one: an upload finishing meanwhile is not half in the archive.
    const named = [...(files?.names ?? []).map((name) => `${FILES_FOLDER}/${name}`), ...settings];
    const fromDataDir = [...(kind === 'embedded' ? await filesUnder(config.dataDir, DATABASE_FOLDER) : []), ...named];
    const checksums = await checksumsOf({
      ...(kind === 'postgres' ? { [DUMP]: path.join(staging, DUMP) } : {}),
      ...Object.fromEntries(fromDataDir.map((name) => [name, path.join(config.dataDir, name)])),
    });
    const manifest: Manifest = {
      format: 'teen-devotional-portal-backup',
      version: 1,
      kind,
      createdAt: new Date().toISOString(),
      files: files ? { count: files.names.length, bytes: files.bytes } : null,
      settings,
      checksums,
    };
    await writeFile(path.join(staging, MANIFEST), manifestText(manifest));
    const archive = path.join(staging, 'archive.tar.gz');
    await writeArchive(archive, {
      staging,
      staged: kind === 'postgres' ? [MANIFEST, DUMP] : [MANIFEST],
      dataDir: config.dataDir,
      entries: [...(kind === 'embedded' ? [DATABASE_FOLDER] : []), ...named],
    });
    await rename(archive, file);
    return manifest;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    await release?.();
  }
}
