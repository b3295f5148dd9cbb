import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fromCaller, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { announceListChanges } from '../../plugins/list-cache.ts';
import { openStorage } from '../../plugins/storage/index.ts';
import { importLegacyExport } from './importer.ts';
import { formatReport } from './print-report.ts';

const usage = 'Usage: npm run migrate:legacy -- <export folder> [--dry-run] [--files <folder of legacy PDFs>]';

/** npm runs workspace scripts in the workspace's folder: paths are meant from where the command was typed. */

function readArguments() {
  const { values, positionals } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, files: { type: 'string' } },
    allowPositionals: true,
  });
  const [folder] = positionals;
  if (!folder || positionals.length > 1) throw new Error(usage);
  const exportFolder = fromCaller(folder);
  // PDFs lying beside the collection files are found without --files.
  return { exportFolder, pdfFolder: values.files ? fromCaller(values.files) : exportFolder, dryRun: values['dry-run'] };
}

async function requireFolder(folder: string) {
  const isFolder = await stat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isFolder) throw new Error(`${folder} is not a folder.`);
}

/** Imports a legacy export from folders, with the server's configuration (DATA_DIR, DATABASE_URL). */
async function main() {
  const options = readArguments();
  await requireFolder(options.exportFolder);
  await requireFolder(options.pdfFolder);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: 'the migration command',
  });
  try {
    let phase = '';
    // The PDFs go to the portal's own store: DATA_DIR/files, or its bucket.
    const report = await importLegacyExport(database.db, await openStorage(config), {
      ...options,
      onProgress: (next) => {
        if (next !== phase) process.stderr.write(`${next}…\n`);
        phase = next;
      },
    });
    // Running portals on PostgreSQL keep the public lists in memory: they forget them now.
    if (!options.dryRun && database.kind === 'postgres') await announceListChanges(database.db);
    process.stdout.write(formatReport(report));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
