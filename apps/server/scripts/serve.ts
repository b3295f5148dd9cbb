// Becomes the bundled server (same process) with the memory settings that the C library and V8 read only when a
// process starts (decision 018). The image's command, whose bundle was built with it (decision 060); `npm start`
// runs it through start.ts, which first brings the bundle up to date.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const bundleFile = path.resolve(import.meta.dirname, '../dist/server.js');

/**
 * glibc's malloc: two arenas rather than eight per core, and blocks of 128 KiB and more mapped on their own
 * rather than carved from the arenas, so that what a download or a burst of requests freed is given back.
 */
const malloc = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
/**
 * V8: `gc` for the collection when the server goes quiet (src/idle-collection.ts), and the young generation
 * at 2 × 16 MB at most, rather than growing to 2 × 64 MB under load.
 */
const v8Flags = '--expose-gc --max-semi-space-size=16';

export async function serve() {
  if (process.execve) {
    // Settings already in the environment win: NODE_OPTIONS' own flags come after these.
    process.execve(process.execPath, [process.execPath, ...process.execArgv, bundleFile], {
      ...malloc,
      ...process.env,
      NODE_OPTIONS: [v8Flags, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
    });
  } else {
    // No exec (Windows): the server runs in this process, without the settings.
    await import(pathToFileURL(bundleFile).href);
  }
}

if (import.meta.main) await serve();
