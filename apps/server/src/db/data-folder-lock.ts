import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Who holds a data folder: written into its lock file. */
interface Holder {
  pid: number;
  host: string;
  what: string;
  since: string;
  /** Its command line, where the system shows one (Linux's /proc): absent from locks of older versions. */
  command?: string;
}

export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';
}

const LOCK_FILE = 'portal.lock';

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** A process's command line, as its arguments; undefined where the system does not show it. */
async function commandLine(pid: number | 'self'): Promise<string[] | undefined> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0$/, '').split('\0');
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote the lock still runs. One on another host can not be asked, so it counts
 * as running; a lock naming this very process is a previous life of its process id (a container restarted).
 * A process id that now runs another command line than the lock's (or, in a lock without one, a program
 * other than Node.js) was given to another program after the holder died.
 */
async function stillRuns(holder: Holder): Promise<boolean> {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = await commandLine(holder.pid);
  if (!now) return true;
  return holder.command ? now.join(' ') === holder.command : path.basename(now[0] ?? '').startsWith('node');
}

/**
 * Takes the data folder for this process alone, before its embedded database is opened: a second
 * process on the same folder would corrupt it. A lock left by a process that died (kill -9, power cut)
 * is recognised and taken over. Returns the release, which the database's close calls.
 */
export async function lockDataFolder(folder: string, what: string): Promise<() => Promise<void>> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    what,
    since: new Date().toISOString(),
    command: (await commandLine('self'))?.join(' '),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, `${JSON.stringify(me)}\n`, { flag: 'wx' });
      return async () => {
        const holder = await readHolder(file);
        if (holder?.pid === me.pid && holder.host === me.host) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && (await stillRuns(holder))) {
      throw new DataFolderInUse(
        `The data folder ${folder} is in use by ${holder.what} (process ${holder.pid} on ${holder.host}, since ${holder.since}): stop it first, or use another DATA_DIR.`,
      );
    }
    // Left by a process that is gone, or half written as it died.
    await rm(file, { force: true });
  }
  throw new DataFolderInUse(`The data folder ${folder} could not be locked: another process keeps taking it.`);
}
