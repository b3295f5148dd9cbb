/**
 * 10 concurrent uploads of 30 MB editions: wall time and the portal's peak memory, which stays flat
 * because uploads stream to disk. Run: node bench/upload.ts
 */
import { performance } from 'node:perf_hooks';
import { pdfOfSize, signInAsAdmin, startPortal, watchMemory } from './lib.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const SIZE_MB = 30;

const portal = await startPortal(4413);
try {
  const token = await signInAsAdmin(portal.url);
  const auth = { authorization: `Bearer ${token}` };
  for (let month = 1; month <= CONCURRENCY; month++) {
    await fetch(`${portal.url}/api/languages/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Language ${month}` }),
    });
  }
  const pdf = new Uint8Array(pdfOfSize(SIZE_MB));
  const memory = watchMemory(portal.process.pid as number);
  const begin = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, index) => {
      const form = new FormData();
      const fields = { book: 'Teevo', language: `Language ${index + 1}`, year: '2025', month: '3' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), `edition-${index}.pdf`);
      const response = await fetch(`${portal.url}/api/files/uploadfile`, { method: 'POST', headers: auth, body: form });
      return response.status;
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  memory.stop();
  const ok = statuses.filter((status) => status === 201).length;
  console.log(`${CONCURRENCY} concurrent uploads of a ${SIZE_MB} MB PDF: ${ok} stored in ${seconds.toFixed(2)} s`);
  console.log(`throughput: ${((CONCURRENCY * SIZE_MB) / seconds).toFixed(0)} MB/s`);
  console.log(
    `portal RSS: ${memory.start.toFixed(0)} MB before, ${memory.peak().toFixed(0)} MB peak during the uploads`,
  );
  if (ok !== CONCURRENCY) process.exitCode = 1;
} finally {
  await portal.stop();
}
