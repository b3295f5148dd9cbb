import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatBytes } from '@portal/contract';
import { fromCaller, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { createFolderStorage } from '../../plugins/storage/folder.ts';
import { openStorage } from '../../plugins/storage/index.ts';
import { moveFilesToBucket } from './to-bucket.ts';

const usage = 'Usage: npm run files:to-bucket -- [--from <folder of the disk install’s files>]';

/**
 * Moves a disk install's edition files into the bucket the configuration names (STORAGE=s3 and the S3_*
 * settings, with the DATABASE_URL that records them): the step from one machine to several instances.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
  if (positionals.length > 0) throw new Error(usage);
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    throw new Error('set STORAGE=s3 and the bucket’s S3_* settings first: the files are copied into that bucket.');
  }
  const folder = values.from ? fromCaller(values.from) : path.join(config.dataDir, 'files');
  const isFolder = await stat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isFolder) throw new Error(`${folder} is not a folder (say where the files are with --from).`);
  const bucket = await openStorage(config);
  if ((await bucket.check()) !== 'writable') throw new Error(`the bucket ${config.storage.bucket} can’t be reached.`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: 'the move to a bucket',
  });
  try {
    const moved = await moveFilesToBucket(database.db, createFolderStorage(folder), bucket);
    process.stdout.write(
      `Copied ${moved.copied.files} files (${formatBytes(moved.copied.bytes, 'en')}) from ${folder} to the bucket ${config.storage.bucket}; ` +
        `${moved.already} were there already.\n`,
    );
    for (const name of moved.missing) process.stdout.write(`Not in the folder, to upload again: ${name}\n`);
    for (const name of moved.damaged) {
      process.stdout.write(`Left on the disk, its bytes are not the ones uploaded: ${name}\n`);
    }
    if (moved.damaged.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Moving the files failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
