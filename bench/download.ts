/**
 * 50 concurrent downloads of a 30 MB edition on loopback, against the portal and, as the reference, a
 * plain Node static file server (its own process) sending the same file. Prints throughput, time to first byte and the
 * portal's peak memory. Run: node bench/download.ts
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pdfOfSize, percentile, signInAsAdmin, startPortal, watchMemory } from './lib.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const SIZE_MB = 30;

/** The reference: a plain Node static file server in a process of its own, as the portal is. */
async function startStaticServer(file: string, port: number) {
  const source = `
    const { createReadStream, statSync } = require('node:fs');
    const [file, port] = process.argv.slice(1);
    require('node:http')
      .createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': statSync(file).size });
        createReadStream(file).pipe(response);
      })
      .listen(Number(port), '127.0.0.1', () => process.send('listening'));`;
  const child = spawn(process.execPath, ['-e', source, file, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await once(child, 'message');
  return child;
}

async function downloadAll(url: string, headers: Record<string, string>) {
  const ttfb: number[] = [];
  let bytes = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, () => {
      const sent = performance.now();
      return new Promise<void>((resolve, reject) => {
        http
          .get(url, { headers }, (response) => {
            ttfb.push(performance.now() - sent);
            if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            response.on('end', resolve);
          })
          .on('error', reject);
      });
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  return {
    seconds,
    mbPerSecond: bytes / 1_048_576 / seconds,
    p50: percentile(ttfb, 0.5),
    p99: percentile(ttfb, 0.99),
    bytes,
  };
}

const portal = await startPortal(4411);
try {
  const token = await signInAsAdmin(portal.url);
  const auth = { authorization: `Bearer ${token}` };
  await fetch(`${portal.url}/api/languages/create`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'English' }),
  });
  const form = new FormData();
  for (const [name, value] of Object.entries({ book: 'Teevo', language: 'English', year: '2025', month: '3' })) {
    form.append(name, value);
  }
  form.append('file', new Blob([new Uint8Array(pdfOfSize(SIZE_MB))], { type: 'application/pdf' }), 'bench.pdf');
  const upload = await fetch(`${portal.url}/api/files/uploadfile`, { method: 'POST', headers: auth, body: form });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: string };

  const memory = watchMemory(portal.process.pid as number);
  const ours = await downloadAll(`${portal.url}/api/files/download/${id}`, auth);
  memory.stop();

  const folder = path.join(portal.dataDir, 'files');
  const stored = path.join(folder, (await readdir(folder)).find((name) => name.endsWith('.pdf')) as string);
  const reference = await startStaticServer(stored, 4412);
  const referenceMemory = watchMemory(reference.pid as number);
  const plain = await downloadAll('http://127.0.0.1:4412/', {});
  referenceMemory.stop();
  reference.kill();

  const row = (label: string, r: typeof ours) =>
    `${label.padEnd(26)} ${r.mbPerSecond.toFixed(0).padStart(8)} MB/s ${r.p50.toFixed(1).padStart(9)} ms ${r.p99.toFixed(1).padStart(9)} ms ${r.seconds.toFixed(2).padStart(8)} s`;
  console.log(`${CONCURRENCY} concurrent downloads of a ${SIZE_MB} MB PDF over loopback`);
  console.log(
    `${''.padEnd(26)} ${'throughput'.padStart(13)} ${'TTFB p50'.padStart(12)} ${'TTFB p99'.padStart(12)} ${'wall'.padStart(10)}`,
  );
  console.log(row('portal /api/files/download', ours));
  console.log(row('plain static file server', plain));
  console.log(`portal / reference throughput: ${(ours.mbPerSecond / plain.mbPerSecond).toFixed(2)}`);
  console.log(
    `portal RSS: ${memory.start.toFixed(0)} MB before, ${memory.peak().toFixed(0)} MB peak during the downloads`,
  );
  console.log(
    `reference RSS: ${referenceMemory.start.toFixed(0)} MB before, ${referenceMemory.peak().toFixed(0)} MB peak`,
  );
} finally {
  await portal.stop();
}
