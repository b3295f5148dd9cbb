import { parseArgs } from 'node:util';
import { formatBytes } from '@portal/contract';
import { fromCaller, loadConfig } from '../../config.ts';
import { backupPortal } from './backup.ts';
import { withoutPassword } from './pg-tools.ts';
import { restorePortal } from './restore.ts';

const usage = 'Usage: npm run backup -- <archive.tar.gz>, or npm run restore -- <archive.tar.gz>';

async function backup(file: string) {
  const config = loadConfig();
  const manifest = await backupPortal(config, file);
  const lines = [
    `Backed up the portal into ${file}:`,
    `  Database:  ${manifest.kind === 'embedded' ? `embedded, from ${config.dataDir}` : `PostgreSQL, ${withoutPassword(config.databaseUrl ?? '')}`}`,
    manifest.files
      ? `  Files:     ${manifest.files.count} (${formatBytes(manifest.files.bytes, 'en')})`
      : `  Files:     not in the archive: they are in the bucket ${config.storage.kind === 's3' ? config.storage.bucket : ''}; back it up with the bucket's own tools.`,
    `  Settings:  ${manifest.settings.join(', ') || 'none'}`,
    'Keep it private: it holds password hashes and the sessions secret.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function restore(file: string) {
  const config = loadConfig();
  const { manifest, files } = await restorePortal(config, file);
  const lines = [
    `Restored the backup of ${manifest.createdAt}:`,
    manifest.checksums
      ? '  Checked:   every file against the SHA-256 the backup wrote'
      : '  Checked:   names and sizes only: this backup was made before backups wrote checksums',
    `  Database:  ${config.databaseUrl ? `into PostgreSQL, ${withoutPassword(config.databaseUrl)}${manifest.kind === 'embedded' ? ', copied from the embedded database' : ''}` : `embedded, in ${config.dataDir}`}`,
    `  Files:     ${files} into ${config.dataDir}/files${manifest.files ? '' : ' (the backup’s files are in its bucket)'}`,
    `  Settings:  ${manifest.settings.join(', ') || 'none'}`,
    `Start the portal with the same ${config.databaseUrl ? 'DATABASE_URL and DATA_DIR' : 'DATA_DIR'} (and JWT_SECRET, if it had one): npm start`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `backup <file>` or `restore <file>`, with the server's configuration (DATA_DIR, DATABASE_URL, STORAGE). */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, file] = positionals;
  if (!file || positionals.length > 2 || (command !== 'backup' && command !== 'restore')) throw new Error(usage);
  await (command === 'backup' ? backup : restore)(fromCaller(file));
}

main().catch((error: unknown) => {
  const what = process.argv[2] === 'restore' ? 'Restore' : 'Backup';
  process.stderr.write(`${what} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
