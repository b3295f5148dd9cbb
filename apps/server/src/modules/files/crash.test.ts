import type { ChildProcess } from 'node:child_process';
import { readdirSync, watch } from 'node:fs';
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FileRecord, MigrationProgress } from '@portal/contract';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edition, makePdf, multipart } from '../../../test/files.ts';
import { LEGACY_PDFS, type LegacyFixture, writeLegacyExport } from '../../../test/legacy-export.ts';
import { embeddedEnvironment, freePort, killNow, startServer } from '../../../test/server-process.ts';

const ADMIN = { ADMIN_EMAIL: 'crash@example.org', ADMIN_PASSWORD: 'Crash-test-pass-1' };

/** Downloads enough to take the import a while to record after its last PDF is copied. */
async function addTransactions(folder: string, fixture: LegacyFixture, count: number) {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      _id: { $oid: `ee${i.toString(16).padStart(22, '0')}` },
      user: { $oid: fixture.user.id },
      file: { $oid: fixture.ids.files[i % 100] },
      createdAt: { $date: new Date(Date.UTC(2024, 6, 1) + i * 1000).toISOString() },
    }),
  );
  await appendFile(path.join(folder, 'transactions.json'), `${lines.join('\n')}\n`);
}

describe('after kill -9 and a restart, every stored file has its record and every record its file', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let base = '';
  let authorization = '';
  let exportZip: Blob;

  const start = async () => {
    const port = await freePort();
    server = await startServer(embeddedEnvironment(dataDir, port, ADMIN));
    base = `http://127.0.0.1:${port}`;
  };
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { authorization, ...init.headers } });
  const store = () => path.join(dataDir, 'files');
  const storedPdfs = async () => (await readdir(store())).filter((name) => name.endsWith('.pdf')).length;

  async function expectAgreement() {
    const records = (await (await api('/api/files/getAllFiles')).json()) as FileRecord[];
    for (const record of records) {
      const response = await api(`/api/files/download/${record.id}`, { method: 'HEAD' });
      expect([response.status, response.headers.get('content-length')]).toEqual([200, String(record.file_size)]);
    }
    // Keys are unique: with every record's file there and as many stored files as records, none lacks its record.
    const entries = await readdir(store(), { withFileTypes: true });
    expect(entries.filter((entry) => entry.isFile()).map((entry) => path.extname(entry.name))).toEqual(
      records.map(() => '.pdf'),
    );
    expect(await readdir(path.join(store(), '.incoming')).catch(() => [])).toEqual([]);
    return records;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-crash-'));
    const exportFolder = await mkdtemp(path.join(os.tmpdir(), 'portal-crash-export-'));
    try {
      await addTransactions(exportFolder, await writeLegacyExport(exportFolder), 20_000);
      const names = await readdir(exportFolder);
      const entries = await Promise.all(
        names.map(async (name) => [name, new Uint8Array(await readFile(path.join(exportFolder, name)))] as const),
      );
      exportZip = new Blob([zipSync(Object.fromEntries(entries), { level: 0 })]);
    } finally {
      await rm(exportFolder, { recursive: true, force: true });
    }
    await start();
    const signIn = await fetch(`${base}/api/accounts/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    authorization = `Bearer ${((await signIn.json()) as { jwtToken: string }).jwtToken}`;
  });
  afterAll(async () => {
    if (server) await killNow(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  const progress = async () => (await (await api('/api/migrate/progress')).json()) as MigrationProgress;

  /** Starts an import and kills the server as soon as `due` says so. */
  async function killDuringImport(due: () => Promise<boolean>) {
    const form = new FormData();
    form.append('file', exportZip, 'export.zip');
    let outcome = '';
    const importing = api('/api/migrate/import', { method: 'POST', body: form }).then(
      async (response) => {
        outcome = `answered ${response.status}: ${await response.text()}`;
      },
      () => {
        outcome = 'cut off';
      },
    );
    while (!(await due())) {
      if (outcome) throw new Error(`The import ended before the kill: ${outcome.slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await killNow(server as ChildProcess);
    await importing;
    expect(outcome).toBe('cut off');
  }

  it('during a legacy import: while it copies PDFs, and once it has copied them all', async () => {
    await killDuringImport(async () => (await progress()).phase === 'files' && (await storedPdfs()) > 0);
    expect(await storedPdfs()).toBeGreaterThan(0);
    await start();
    expect(await expectAgreement()).toEqual([]);

    // Then it records the downloads (its transactions phase). The embedded database answers no request
    // meanwhile, progress included: the store says when.
    await killDuringImport(async () => (await storedPdfs()) === LEGACY_PDFS);
    await start();
    expect(await expectAgreement()).toEqual([]);
  }, 60_000);

  it('in the last milliseconds of an upload', async () => {
    const created = await api('/api/languages/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: edition.language }),
    });
    // Created here, or by an import that ran to its end.
    expect([201, 409]).toContain(created.status);
    const body = await multipart(edition, { name: 'Teevo_English_2025_03.pdf', data: makePdf('Teevo March', 2e6) });
    /** Sends the upload; once its body is sent, waits `killAfter` ms (if given) and kills the server. */
    const upload = (killAfter?: number) =>
      new Promise<{ status?: number; answeredAfter: number }>((resolve) => {
        const receiver = server as ChildProcess;
        let sentAt = 0;
        const sending = request(`${base}/api/files/uploadfile`, {
          method: 'POST',
          headers: { authorization, ...body.headers, 'content-length': body.payload.length },
        });
        sending.on('response', (response) => {
          response.resume();
          resolve({ status: response.statusCode, answeredAfter: performance.now() - sentAt });
        });
        sending.on('error', () => resolve({ answeredAfter: Number.NaN }));
        sending.end(body.payload, () => {
          sentAt = performance.now();
          if (killAfter !== undefined) setTimeout(() => void killNow(receiver), killAfter);
        });
      });

    /** Kills the server the moment a new file lands in the store, its record not yet committed or just. */
    const killOnceStored = () => {
      const receiver = server as ChildProcess;
      const present = new Set(readdirSync(store()));
      const watcher = watch(store(), (_event, name) => {
        if (!name?.endsWith('.pdf') || present.has(name)) return;
        watcher.close();
        void killNow(receiver);
      });
      return watcher;
    };

    // How long the server takes after the last byte, on this machine now; the timed kills land across that time.
    const { status, answeredAfter } = await upload();
    expect(status).toBe(201);
    for (const moment of ['once stored', 0, 0.5, 1] as const) {
      if (moment === 'once stored') {
        const watcher = killOnceStored();
        await upload();
        watcher.close();
      } else {
        await upload(moment * answeredAfter);
      }
      await killNow(server as ChildProcess);
      await start();
      expect((await expectAgreement()).length).toBeLessThanOrEqual(1);
    }
  }, 60_000);
});
