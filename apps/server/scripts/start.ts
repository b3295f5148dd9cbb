// `npm start`: brings the bundle up to date, then becomes the server (same process) with the memory settings
// that the C library and V8 read only when a process starts (decision 018).
import { pathToFileURL } from 'node:url';
import { bundleIfChanged } from './build.ts';

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

const bundle = await bundleIfChanged();
if (process.execve) {
  // Settings already in the environment win: NODE_OPTIONS' own flags come after these.
  process.execve(process.execPath, [process.execPath, ...process.execArgv, bundle], {
    ...malloc,
    ...process.env,
    NODE_OPTIONS: [v8Flags, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
  });
} else {
  // No exec (Windows): the server runs in this process, without the settings.
  await import(pathToFileURL(bundle).href);
}
