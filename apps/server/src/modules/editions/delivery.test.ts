import { FILE_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs, type TestApp } from '../../../test/app.ts';
import { newBucket, startBucketServer } from '../../../test/bucket.ts';
import { downloadsAfter } from '../../../test/downloads.ts';
import { edition, makePdf, uploadEdition } from '../../../test/files.ts';
import { downloads, files, languages } from '../../db/schema.ts';

let bucketServer: Awaited<ReturnType<typeof startBucketServer>>;
let app: TestApp;
let id: string;
const pdf = makePdf('Teevo June', 100_000);

beforeAll(async () => {
  bucketServer = await startBucketServer();
  app = await buildTestApp({ ...(await newBucket(bucketServer.endpoint)), DOWNLOAD_DELIVERY: 'redirect' });
  await app.db.insert(languages).values({ name: 'English' });
  const admin = await loginAs(app, 'Admin');
  const uploaded = await uploadEdition(app, admin.headers, { ...edition, month: '6' }, { name: 'june.pdf', data: pdf });
  id = uploaded.json().id as string;
});
afterAll(async () => {
  await app?.close();
  await bucketServer?.close();
});

type Reader = Awaited<ReturnType<typeof loginAs>>;
const download = (reader: Reader | undefined, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url: `/api/files/download/${id}`, headers: { ...reader?.headers, ...headers } });

const counted = async () =>
  (await app.db.select({ id: downloads.id }).from(downloads).where(eq(downloads.fileId, id))).length;

describe('DOWNLOAD_DELIVERY=redirect', () => {
  it('sends a reader to a short-lived bucket link with the readable name, counting the download as it does', async () => {
    const reader = await loginAs(app, 'User');
    const response = await download(reader);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const link = new URL(response.headers.location as string);
    expect(link.origin).toBe(bucketServer.endpoint);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(await counted()).toBe(1);

    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(pdf);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="Teevo-English-2025-06.pdf"; filename*=UTF-8''Teevo-English-2025-06.pdf`,
    );
    // The bucket answers ranges itself.
    const part = await fetch(link, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pdf.subarray(100, 200));
  });

  it("lets the web app's reader follow the redirect: the bucket's origin is in the page's connect-src", async () => {
    const page = await app.inject({ method: 'GET', url: '/api/health' });
    const connect = /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(connect?.split(' ')).toEqual(["'self'", bucketServer.endpoint]);
  });

  it('counts the links given as a download once an account has asked for enough of the file, as when the portal sends it', async () => {
    const [peeker, header, whole, parts] = (await Promise.all([1, 2, 3, 4].map(() => loginAs(app, 'User')))) as [
      Reader,
      Reader,
      Reader,
      Reader,
    ];
    const before = await counted();
    expect((await download(peeker, { range: 'bytes=0-99' })).statusCode).toBe(302);
    expect((await download(peeker, { range: 'bytes=5000-5099' })).statusCode).toBe(302);
    expect((await download(header, {}, 'HEAD')).statusCode).toBe(302);
    expect(await downloadsAfter(app, peeker.account.id, id, 200)).toBe(before);
    expect((await download(whole, { range: 'bytes=0-' })).statusCode).toBe(302);
    expect(await counted()).toBe(before + 1);
    // A download manager's two halves, the second first: neither is enough alone, together they are.
    expect((await download(parts, { range: 'bytes=50000-' })).statusCode).toBe(302);
    expect((await download(parts, { range: 'bytes=0-49999' })).statusCode).toBe(302);
    expect(await downloadsAfter(app, parts.account.id, id, pdf.length)).toBe(before + 2);
  });

  it('answers a refused caller, a current copy and a lost file itself, redirecting none', async () => {
    const before = await counted();
    expect((await download(undefined)).statusCode).toBe(401);
    const reader = await loginAs(app, 'User');
    const [file] = await app.db.select().from(files).where(eq(files.id, id));
    expect((await download(reader, { 'if-none-match': `"${file?.sha256}"` })).statusCode).toBe(304);
    await app.storage.remove(file?.storageKey as string);
    expectMessage(await download(reader), 410, FILE_MESSAGES.fileMissing);
    expect(await counted()).toBe(before);
  });
});
