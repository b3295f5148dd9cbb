import { FILE_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, loginAs } from '../../../test/app.ts';
import { downloadsAfter } from '../../../test/downloads.ts';
import { edition, makePdf, uploadEdition } from '../../../test/files.ts';
import { downloads, files, languages } from '../../db/schema.ts';
import { PROBE_BYTES } from './record.ts';

const PREFIX = '/protected-files';

/** A portal with one edition of about 100 KB (more than PROBE_BYTES), and its downloads counted. */
async function portalWithEdition(environment: Record<string, string>) {
  const app = await buildTestApp(environment);
  await app.db.insert(languages).values({ name: 'English' });
  const admin = await loginAs(app, 'Admin');
  const pdf = makePdf('Teevo June', 100_000);
  const uploaded = await uploadEdition(app, admin.headers, { ...edition, month: '6' }, { name: 'june.pdf', data: pdf });
  const id = uploaded.json().id as string;
  const [file] = await app.db.select().from(files).where(eq(files.id, id));
  const counted = async () =>
    (await app.db.select({ id: downloads.id }).from(downloads).where(eq(downloads.fileId, id))).length;
  return { app, admin, id, pdf, storageKey: file?.storageKey as string, counted };
}

type Portal = Awaited<ReturnType<typeof portalWithEdition>>;

let accel: Portal;
let plain: Portal;

beforeAll(async () => {
  [accel, plain] = await Promise.all([
    portalWithEdition({ ACCEL_REDIRECT_PREFIX: `${PREFIX}/` }),
    portalWithEdition({}),
  ]);
});
afterAll(() => Promise.all([accel.app.close(), plain.app.close()]));

const linkOf = async (reader: Awaited<ReturnType<typeof loginAs>>, id: string) =>
  (await reader.request('GET', `/api/files/${id}/download-link`)).json().url as string;

describe('GET /api/files/{id}/download with ACCEL_REDIRECT_PREFIX', () => {
  it('hands the file to nginx: the stored file’s path, the headers nginx passes on, no body, one download', async () => {
    const reader = await loginAs(accel.app, 'User');
    const before = await accel.counted();
    const response = await accel.app.inject({ method: 'GET', url: await linkOf(reader, accel.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe(`${PREFIX}/${accel.storageKey}`);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Teevo-English-2025-06.pdf"; filename*=UTF-8''Teevo-English-2025-06.pdf`,
    );
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers['last-modified']).toBeTruthy();
    // nginx adds its own to the file it sends: the portal's would make two.
    expect(response.headers['accept-ranges']).toBeUndefined();
    expect(response.rawPayload.length).toBe(0);
    expect(await accel.counted()).toBe(before + 1);
  });

  it('names the file exactly as the portal does when it sends the bytes itself', async () => {
    const header = async ({ app, id }: Portal) =>
      (await (await loginAs(app, 'User')).request('GET', `/api/files/${id}/download`)).headers['content-disposition'];
    expect(await header(accel)).toBe(await header(plain));
  });

  it('counts exactly as the portal sending the bytes does: peeks and parts add up, a download once they reach PROBE_BYTES', async () => {
    // One reader's visits, the bytes each is answered with, in an order no download manager would use.
    const visits = (size: number): [HTTPMethods, Record<string, string>, number][] => [
      ['HEAD', {}, 0],
      ['GET', { range: 'bytes=0-0' }, 1],
      ['GET', { range: 'bytes=50000-50999' }, 1000],
      ['GET', { range: `bytes=0-${PROBE_BYTES - 1003}` }, PROBE_BYTES - 1002],
      ['GET', { range: 'bytes=-1' }, 1],
      ['GET', {}, size],
    ];
    const countsAfterEach = async ({ app, id, pdf }: Portal) => {
      const reader = await loginAs(app, 'User');
      const before = await downloadsAfter(app, reader.account.id, id, 0);
      const counts: number[] = [];
      let sent = 0;
      for (const [method, headers, bytes] of visits(pdf.length)) {
        const response = await app.inject({
          method,
          url: `/api/files/${id}/download`,
          headers: { ...reader.headers, ...headers },
        });
        expect(response.statusCode, `${method} ${headers.range}`).toBeLessThan(300);
        sent += bytes;
        counts.push((await downloadsAfter(app, reader.account.id, id, sent)) - before);
      }
      return counts;
    };
    const expected = [0, 0, 0, 0, 1, 1];
    expect(await countsAfterEach(accel)).toEqual(expected);
    expect(await countsAfterEach(plain)).toEqual(expected);
  });

  it('redirects a HEAD and a range too, and leaves the range to nginx', async () => {
    const reader = await loginAs(accel.app, 'User');
    for (const [method, headers] of [
      ['HEAD', {}],
      ['GET', { range: 'bytes=100-199' }],
    ] as const) {
      const response = await accel.app.inject({
        method,
        url: `/api/files/${accel.id}/download`,
        headers: { ...reader.headers, ...headers },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-accel-redirect']).toBe(`${PREFIX}/${accel.storageKey}`);
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('answers a refused caller, a current copy, an unsatisfiable range and a lost file itself, redirecting none', async () => {
    const reader = await loginAs(accel.app, 'User');
    const url = `/api/files/${accel.id}/download`;
    const get = (headers: Record<string, string>) =>
      accel.app.inject({ method: 'GET', url, headers: { ...reader.headers, ...headers } });
    const { etag } = (await get({})).headers;
    const before = await accel.counted();
    const answers = [
      await accel.app.inject({ method: 'GET', url }),
      await accel.app.inject({ method: 'GET', url: `${url}?token=${accel.id}.x.9999999999.sig` }),
      await get({ 'if-none-match': etag as string }),
      await get({ range: `bytes=${accel.pdf.length}-` }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 304, 416]);
    for (const answer of answers) expect(answer.headers['x-accel-redirect']).toBeUndefined();

    await accel.app.storage.remove(accel.storageKey);
    const lost = await get({});
    expectMessage(lost, 410, FILE_MESSAGES.fileMissing);
    expect(lost.headers['x-accel-redirect']).toBeUndefined();
    expect(await accel.counted()).toBe(before);
  });
});

describe('GET /api/files/{id}/download without ACCEL_REDIRECT_PREFIX', () => {
  it('sends the bytes itself and no X-Accel-Redirect, whatever the request says', async () => {
    const reader = await loginAs(plain.app, 'User');
    const response = await plain.app.inject({
      method: 'GET',
      url: await linkOf(reader, plain.id),
      headers: { 'x-accel-redirect': `${PREFIX}/${plain.storageKey}`, 'x-accel-mapping': '/=/protected-files/' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(plain.pdf.length));
    expect(response.rawPayload.equals(plain.pdf)).toBe(true);
  });
});
