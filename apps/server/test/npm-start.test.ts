import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFile } from '../scripts/serve.ts';
import { embeddedEnvironment, freePort, killNow, startServer } from './server-process.ts';

const startScript = path.resolve(import.meta.dirname, '../scripts/start.ts');
const ADMIN = { email: 'start@example.org', password: 'Start-test-pass-1' };

/** A process's command line or environment, from /proc. */
const procList = (pid: number, what: 'cmdline' | 'environ') =>
  readFileSync(`/proc/${pid}/${what}`, 'utf8').split('\0').filter(Boolean);

describe.runIf(process.platform === 'linux')('npm start (scripts/start.ts)', () => {
  let dataDir = '';
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server) await killNow(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('becomes the bundled server, with the memory settings, on a new embedded database', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-start-'));
    const port = await freePort();
    const settings = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, MALLOC_ARENA_MAX: '4' };
    server = await startServer(embeddedEnvironment(dataDir, port, settings), startScript);
    const pid = server.pid as number;

    expect(procList(pid, 'cmdline').at(-1)).toBe(bundleFile);
    const environment = procList(pid, 'environ');
    expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    expect(environment).toContain('MALLOC_ARENA_MAX=4'); // the environment's own value wins
    // Flags of the caller's own NODE_OPTIONS would come after these, and win.
    expect(environment.find((entry) => entry.startsWith('NODE_OPTIONS='))).toMatch(
      /^NODE_OPTIONS=--expose-gc --max-semi-space-size=16( |$)/,
    );
    // Migrations found and applied, the native password hashing loaded: the first Super Admin signs in.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/accounts/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
  }, 180_000);
});
