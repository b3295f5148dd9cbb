import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';

/** Enough bytes that a full disk refuses them (a few bytes may still fit in a block already allocated). */
const PROBE_BYTES = 64 * 1024;

/**
 * Writes, syncs and removes a small file in the folder: whether it takes a write now. A full disk
 * (ENOSPC, or a quota's EDQUOT) says `full`; any other failure (read-only, permissions) `unwritable`.
 */
export async function probeWrite(folder: string): Promise<'writable' | 'full' | 'unwritable'> {
  const file = path.join(folder, `.health-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(file, 'wx');
    try {
      await handle.write(Buffer.alloc(PROBE_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
    return 'writable';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOSPC' || code === 'EDQUOT' ? 'full' : 'unwritable';
  } finally {
    await rm(file, { force: true });
  }
}
