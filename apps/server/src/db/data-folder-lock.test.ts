import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embeddedEnvironment, freePort, serverScript as server, startServer } from '../../test/server-process.ts';
import { errorBody } from '../errors.ts';
import { lockDataFolder } from './data-folder-lock.ts';

const run = promisify(execFile);
const migrationCli = path.resolve(import.meta.dirname, '../modules/migrate/cli.ts');

const environment = (dataDir: string, port: number) =>
  embeddedEnvironment(dataDir, port, { ADMIN_EMAIL: 'lock@example.org', ADMIN_PASSWORD: 'Lock-test-pass-1' });

/** Runs a command to its end, failure included. */
function finish(file: string, args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, [file, ...args], { env }).then(
    (done) => ({ code: 0, stderr: done.stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status);

describe('one process per data folder', () => {
  let dataDir: string;
  let first: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lock-'));
  });
  afterAll(async () => {
    first?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server and the migration command before they open the database, and survives kill -9', async () => {
    const port = await freePort();
    first = await startServer(environment(dataDir, port));
    expect(await health(port)).toBe(200);

    const second = await finish(server, [], environment(dataDir, await freePort()));
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    expect(second.stderr).toContain(`The data folder ${dataDir} is in use by the portal server (process ${first.pid}`);

    const exportFolder = await mkdtemp(path.join(tmpdir(), 'portal-lock-export-'));
    const migration = await finish(migrationCli, [exportFolder, '--dry-run'], environment(dataDir, port));
    await rm(exportFolder, { recursive: true, force: true });
    expect(migration.code).toBe(1);
    expect(migration.stderr).toContain(`is in use by the portal server (process ${first.pid}`);

    expect(await health(port)).toBe(200);
    const registered = await fetch(`http://127.0.0.1:${port}/api/accounts/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Kept Person',
        email: 'kept@example.org',
        password: 'Kept-pass-12',
        confirmPassword: 'Kept-pass-12',
        acceptTerms: true,
      }),
    });
    expect(registered.status).toBe(200);

    first.kill('SIGKILL');
    await new Promise((resolve) => first?.once('exit', resolve));
    const restartPort = await freePort();
    first = await startServer(environment(dataDir, restartPort));
    expect(await health(restartPort)).toBe(200);
    // The account written before the kill is there: signing in with its password asks to verify it.
    const signIn = await fetch(`http://127.0.0.1:${restartPort}/api/accounts/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.org', password: 'Kept-pass-12' }),
    });
    expect(await signIn.json()).toEqual(errorBody(ACCOUNT_MESSAGES.notVerified));
  }, 180_000);
});

describe('lockDataFolder', () => {
  it('takes over a lock whose process is gone or that is half written, and releases only its own', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-lock-unit-'));
    const lockFile = path.join(folder, 'portal.lock');
    try {
      await writeFile(lockFile, JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), what: 'x', since: 'then' }));
      const release = await lockDataFolder(folder, 'the test');
      expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, what: 'the test' });
      await release();
      await writeFile(lockFile, '{"pid": 12');
      const releaseAgain = await lockDataFolder(folder, 'the test');
      await writeFile(lockFile, JSON.stringify({ pid: 1, host: hostname(), what: 'someone else', since: 'now' }));
      await releaseAgain();
      expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ what: 'someone else' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('takes over a lock whose process id another program now has, and refuses one whose program still runs', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-lock-unit-'));
    const lockFile = path.join(folder, 'portal.lock');
    const other = spawn('sleep', ['600']);
    await once(other, 'spawn');
    const holder = { pid: other.pid, host: hostname(), what: 'the portal server', since: 'yesterday' };
    try {
      // Written by a server that died; its process id was then given to `sleep`.
      for (const stale of [{ ...holder, command: '/usr/bin/node src/server.ts' }, holder]) {
        await writeFile(lockFile, JSON.stringify(stale));
        const release = await lockDataFolder(folder, 'the test');
        expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, what: 'the test' });
        await release();
      }
      await writeFile(lockFile, JSON.stringify({ ...holder, what: 'a sleeping portal', command: 'sleep 600' }));
      await expect(lockDataFolder(folder, 'the test')).rejects.toThrow(
        `The data folder ${folder} is in use by a sleeping portal (process ${other.pid} on ${hostname()}`,
      );
    } finally {
      other.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('believes a holder on another host while it touches its lock, and takes the lock over once it stops', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-lock-unit-'));
    const lockFile = path.join(folder, 'portal.lock');
    try {
      await writeFile(lockFile, JSON.stringify({ pid: 1, host: 'c0ffee', what: 'the portal server', since: 'today' }));
      await expect(lockDataFolder(folder, 'the test')).rejects.toThrow(
        '(process 1 on c0ffee, since today): stop it first, or use another DATA_DIR. If it is gone, this works again 30 s after it stopped.',
      );
      // Its last heartbeat a minute ago.
      const then = new Date(Date.now() - 60_000);
      await utimes(lockFile, then, then);
      const release = await lockDataFolder(folder, 'the test');
      expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, what: 'the test' });
      await release();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('touches its own lock every 10 s while it holds it', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-lock-unit-'));
    const lockFile = path.join(folder, 'portal.lock');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const release = await lockDataFolder(folder, 'the test');
      const then = new Date(Date.now() - 60_000);
      await utimes(lockFile, then, then);
      vi.advanceTimersByTime(10_000);
      await vi.waitFor(async () => expect(Date.now() - (await stat(lockFile)).mtimeMs).toBeLessThan(5_000));
      await release();
    } finally {
      vi.useRealTimers();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('asks no process id of a holder in another container, whose ids are its own: its heartbeat decides', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-lock-unit-'));
    const lockFile = path.join(folder, 'portal.lock');
    const holder = { pid: process.pid, host: hostname(), what: 'a portal in a container', since: 'today' };
    try {
      await writeFile(lockFile, JSON.stringify({ ...holder, namespace: 'pid:[1]' }));
      await expect(lockDataFolder(folder, 'the test')).rejects.toThrow('is in use by a portal in a container');
      const then = new Date(Date.now() - 60_000);
      await utimes(lockFile, then, then);
      await (await lockDataFolder(folder, 'the test'))();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a folder held by a live process, naming it', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-lock-unit-'));
    try {
      await writeFile(
        path.join(folder, 'portal.lock'),
        JSON.stringify({ pid: process.ppid, host: hostname(), what: 'the portal server', since: 'today' }),
      );
      await expect(lockDataFolder(folder, 'the test')).rejects.toThrow(
        `The data folder ${folder} is in use by the portal server (process ${process.ppid} on ${hostname()}, since today)`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
