import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ACCOUNT_MESSAGES, MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, nextAddress, type TestApp } from '../../../test/app.ts';
import { edition, makePdf, multipart, uploadEdition } from '../../../test/files.ts';
import { postStalled, within } from '../../../test/keep-alive.ts';
import { accounts, files } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';

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
  const log: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    app = await buildTestApp({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { logStream: stream });
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

  it('shows in /api/ready as storage full (503) until space is freed', async () => {
    expect((await app.inject({ url: '/api/ready' })).json()).toMatchObject({ status: 'ready', storage: 'writable' });
    fill();
    const full = await app.inject({ url: '/api/ready' });
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ status: 'unready', database: 'up', storage: 'full' });
    await rm(filler);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('.health'))).toEqual([]);
  });

  it('answers an upload 507 with a message for the admin, logs ENOSPC, and keeps nothing of it', async () => {
    const { headers } = await loginAs(app, 'Admin');
    const pdfs = async () => (await readdir(path.join(dataDir, 'files'))).filter((name) => name.endsWith('.pdf'));
    const before = await pdfs();
    fill();
    const response = await uploadEdition(app, headers, edition, {
      name: 'Teevo_English_2025_03.pdf',
      data: makePdf('Teevo March', 2 * 1024 * 1024),
    });
    await rm(filler);
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual(errorBody(MESSAGES.storageFull));
    expect(log.join('')).toContain('ENOSPC');
    expect(await pdfs()).toEqual(before);
    expect(await readdir(path.join(dataDir, 'files', '.incoming')).catch(() => [])).toEqual([]);
    expect(await app.db.select().from(files)).toEqual([]);
  });

  it('answers an upload 507 while its client still sends, and ends the connection rather than wait for the rest', async () => {
    const { headers } = await loginAs(app, 'Admin');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const form = await multipart(edition, { name: 'march.pdf', data: makePdf('Teevo March', 2 * 1024 * 1024) });
    fill();
    try {
      // Far below Fastify's keep-alive timeout (72 s), far above an answer.
      const answer = await within(
        20,
        'the end of the connection',
        postStalled(
          address,
          '/api/files/uploadfile',
          { ...headers, ...form.headers, 'content-length': form.payload.length },
          form.payload.subarray(0, 1024 * 1024),
        ),
      );
      expect(answer.status).toBe(507);
      expect(JSON.parse(answer.body)).toEqual(errorBody(MESSAGES.storageFull));
    } finally {
      await rm(filler);
    }
    expect(await app.db.select().from(files)).toEqual([]);
  }, 60_000);

  it('answers a registration whose mail can not be written that it was not saved, and leaves no empty mail', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mails = async () => readdir(outbox).catch(() => []);
    const before = await mails();
    fill();
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/register',
        payload: {
          fullName: 'Full Disk',
          email: 'full.disk@example.org',
          password: 'Strong-pass-1',
          confirmPassword: 'Strong-pass-1',
          acceptTerms: true,
        },
        remoteAddress: nextAddress(),
      });
      expectMessage(response, 503, ACCOUNT_MESSAGES.mailFailed);
      expect(await mails()).toEqual(before);
    } finally {
      await rm(filler);
    }
    expect(await app.db.select().from(accounts).where(eq(accounts.email, 'full.disk@example.org'))).toEqual([]);
  });

  it('a data folder that is not there is unwritable', async () => {
    const gone = await buildTestApp({ DATA_DIR: path.join(dataDir, 'gone') });
    await rm(path.join(dataDir, 'gone'), { recursive: true, force: true });
    const answer = await gone.inject({ url: '/api/ready' });
    expect(answer.json()).toMatchObject({ storage: 'unwritable' });
    await gone.close();
  });
});
