import { PassThrough, Readable } from 'node:stream';
import { MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, type TestApp } from '../../../test/app.ts';
import { newBucket, startBucketServer } from '../../../test/bucket.ts';
import { edition, makePdf, multipart, uploadEdition } from '../../../test/files.ts';
import { keepAliveClient, within } from '../../../test/keep-alive.ts';
import { files, languages } from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';

/** Far above the 15 s a silent bucket takes to be given up (plugins/storage/bucket.ts): a hang fails, not waits. */
const BOUND_SECONDS = 120;

describe('a bucket that stops answering', () => {
  let bucketServer: Awaited<ReturnType<typeof startBucketServer>>;
  let app: TestApp;
  let client: ReturnType<typeof keepAliveClient>;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let kept: string;
  const log: string[] = [];

  beforeAll(async () => {
    bucketServer = await startBucketServer();
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    app = await buildTestApp({ ...(await newBucket(bucketServer.endpoint)), LOG_LEVEL: 'error' }, { logStream });
    await app.db.insert(languages).values({ name: 'English' });
    admin = await loginAs(app, 'Admin');
    kept = (await uploadEdition(app, admin.headers)).json().id;
    client = keepAliveClient(await app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    client?.close();
    await app?.close();
    await bucketServer?.close();
  });

  /** An upload of a new month's edition over the client's connection, its body read from `body`. */
  const upload = async (pdf: Buffer, body?: (payload: Buffer) => Readable) => {
    const form = await multipart({ ...edition, month: '4' }, { name: 'april.pdf', data: pdf });
    const headers = { ...admin.headers, ...form.headers, 'content-length': form.payload.length };
    return client.send('POST', '/api/files/uploadfile', headers, body ? body(form.payload) : form.payload);
  };
  const records = async () => (await app.db.select({ id: files.id }).from(files)).map((file) => file.id);
  const nextAnswer = async () =>
    (await within(BOUND_SECONDS, 'the next request', client.send('GET', '/api/health'))).status;

  it('frozen mid-upload: 503 with the storage message, the connection ended, nothing kept once it wakes', async () => {
    bucketServer.process.kill('SIGSTOP');
    try {
      const answer = await within(BOUND_SECONDS, 'the upload', upload(makePdf('April', 10_000_000)));
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual(errorBody(MESSAGES.storageUnreachable));
      expect(answer.headers.connection).toBe('close');
      expect(log.join('')).toContain('the file store does not answer');
      expect(await nextAnswer()).toBe(200);
    } finally {
      bucketServer.process.kill('SIGCONT');
    }
    expect(await records()).toEqual([kept]);
    expect(await app.storage.list()).toHaveLength(1);
    expect((await app.storage.clearStaged(new Date(Date.now() + 60_000))).files).toBe(0);
  }, 300_000);

  it('stopped: an upload cut off mid-way, a download and a download link answer 503 with the storage message', async () => {
    const reader = await loginAs(app, 'User');
    const stopped = async function* (payload: Buffer) {
      yield payload.subarray(0, 10_000_000);
      await bucketServer.close();
      yield payload.subarray(10_000_000);
    };
    const answer = await within(
      BOUND_SECONDS,
      'the upload',
      upload(makePdf('April', 20_000_000), (payload) => Readable.from(stopped(payload))),
    );
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual(errorBody(MESSAGES.storageUnreachable));
    expect(await nextAnswer()).toBe(200);
    expect(await records()).toEqual([kept]);

    expectMessage(await uploadEdition(app, admin.headers), 503, MESSAGES.storageUnreachable);
    expectMessage(await reader.request('GET', `/api/files/${kept}/download`), 503, MESSAGES.storageUnreachable);
    expectMessage(await reader.request('GET', `/api/files/${kept}/download-link`), 503, MESSAGES.storageUnreachable);
  }, 300_000);
});
