import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MAX_PDF_BYTES } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf, multipart } from '../../../test/files.ts';
import { embeddedEnvironment, freePort, killNow, startServer } from '../../../test/server-process.ts';

const ADMIN = { email: 'shutdown@example.org', password: 'Shutdown-test-1' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A new connection's answer to GET /api/ready: its status, or the error code of a refused connection. */
const probe = (port: number) =>
  new Promise<number | string>((resolve) => {
    get({ host: '127.0.0.1', port, path: '/api/ready', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

describe.runIf(process.platform !== 'win32')('SIGTERM', () => {
  let dataDir = '';
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server) await killNow(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses new requests, lets a download under way finish whole, then exits 0', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-shutdown-'));
    const port = await freePort();
    // Below Fastify's 72 s keep-alive timeout: a connection left open after its download would hold the
    // close past this, and the process would exit 1.
    const settings = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_TIMEOUT_SECONDS: '45' };
    server = await startServer(embeddedEnvironment(dataDir, port, settings));
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    const base = `http://127.0.0.1:${port}/api`;
    const call = async (url: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      return fetch(`${base}${url}`, { ...init, headers });
    };

    const session = await call('/accounts/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { jwtToken: token } = (await session.json()) as { jwtToken: string };
    await call('/languages', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'English' }),
    });
    const pdf = makePdf('Teevo big', MAX_PDF_BYTES - 2048);
    const form = await multipart(
      { book: 'Teevo', language: 'English', year: '2025', month: '3' },
      { name: 'big.pdf', data: pdf },
    );
    const uploaded = await call('/files/uploadfile', {
      method: 'POST',
      token,
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    // Read over a keep-alive connection, as a browser does, and paused after its first bytes.
    const agent = new Agent({ keepAlive: true });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      get(`${base}/files/${id}/download`, { agent, headers: { authorization: `Bearer ${token}` } }, resolve).on(
        'error',
        reject,
      );
    });
    expect(response.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    chunks.push(first);
    response.pause();

    server.kill('SIGTERM');
    // The signal is handled a moment later: until then a new connection is still served.
    let refused: number | string = 200;
    for (let attempt = 0; attempt < 200 && refused === 200; attempt += 1) {
      refused = await probe(port);
      if (refused === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Refused, answered 503, or reset when it reached the listening socket in the moment it closed.
    expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(refused);
    expect(server.exitCode).toBeNull();

    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => response.once('end', resolve));
    response.resume();
    await ended;
    const received = Buffer.concat(chunks);
    expect(received.length).toBe(pdf.length);
    expect(sha256(received)).toBe(sha256(pdf));

    expect(await exited).toBe(0);
    agent.destroy();
  }, 180_000);
});
