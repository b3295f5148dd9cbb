import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';

/** A 4 MB disk of its own (tmpfs) for the data folder; only root may mount one, so others skip. */
function mountSmallDisk(): string | undefined {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', folder], { stdio: 'ignore' });
    return folder;
  } catch {
    rmSync(folder, { recursive: true, force: true });
    return undefined;
  }
}

const disk = mountSmallDisk();

describe.skipIf(!disk)('a full disk', () => {
  const dataDir = disk as string;
  const filler = path.join(dataDir, 'filler');
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app.close();
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Fills the disk to the last byte. */
  function fill() {
    try {
      writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch {
      // ENOSPC once the disk is full: what the filler is for.
    }
  }

  it('shows in /api/health as storage full (503) until space is freed', async () => {
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok', storage: 'writable' });
    fill();
    const full = await app.inject({ url: '/api/health' });
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ status: 'degraded', database: 'up', storage: 'full' });
    await rm(filler);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('.health'))).toEqual([]);
  });

  it('a data folder that is not there is unwritable', async () => {
    const gone = await buildTestApp({ DATA_DIR: path.join(dataDir, 'gone') });
    await rm(path.join(dataDir, 'gone'), { recursive: true, force: true });
    const answer = await gone.inject({ url: '/api/health' });
    expect(answer.json()).toMatchObject({ storage: 'unwritable' });
    await gone.close();
  });
});
