import { mkdir, readFile, readlink, rm, stat, utimes, writeFile } from 'node:fs/promises';
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
  /** Its process-id namespace (Linux): each container has its own, where process ids start again at 1. */
  namespace?: string;
}

export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';
}

const LOCK_FILE = 'portal.lock';
/**
 * The holder touches its lock this often. A holder that can't be asked (on another host, or in another
 * container, whose process ids are not ours) is believed only while its lock is younger than STALE_MS.
 */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS;

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

const pidNamespace = () => readlink('/proc/self/ns/pid').catch(() => undefined);

/** A holder on another host, or in another container (whose process ids are not ours), can't be asked. */
async function outOfReach(holder: Holder): Promise<boolean> {
  const mine = await pidNamespace();
  return holder.host !== hostname() || Boolean(holder.namespace && mine && holder.namespace !== mine);
}

/**
 * Whether the process that wrote the lock still runs. One out of reach is believed while its heartbeat goes
 * on; a lock naming this very process is a previous life of its process id. A process id that now runs
 * another command line than the lock's (or, in a lock without one, a program other than Node.js) was given
 * to another program after the holder died.
 */
async function stillRuns(holder: Holder, file: string): Promise<boolean> {
  if (await outOfReach(holder)) {
    const touched = await stat(file).then(
      (info) => info.mtimeMs,
      () => 0,
    );
    return Date.now() - touched < STALE_MS;
  }
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
    namespace: await pidNamespace(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, `${JSON.stringify(me)}\n`, { flag: 'wx' });
      const heartbeat = setInterval(() => {
        const now = new Date();
        utimes(file, now, now).catch(() => {});
      }, HEARTBEAT_MS).unref();
      return async () => {
        clearInterval(heartbeat);
        const holder = await readHolder(file);
        if (holder?.pid === me.pid && holder.host === me.host) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && (await stillRuns(holder, file))) {
      // Taken over once its heartbeat stops: a container that died leaves its lock to the next one.
      const gone = (await outOfReach(holder))
        ? ` If it is gone, this works again ${STALE_MS / 1000} s after it stopped.`
        : '';
      throw new DataFolderInUse(
        `The data folder ${folder} is in use by ${holder.what} (process ${holder.pid} on ${holder.host}, since ${holder.since}): stop it first, or use another DATA_DIR.${gone}`,
      );
    }
    // Left by a process that is gone, or half written as it died.
    await rm(file, { force: true });
  }
  throw new DataFolderInUse(`The data folder ${folder} could not be locked: another process keeps taking it.`);
}
