import { get } from 'node:http';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/app.ts';
import { edition, makePdf, uploadEdition } from '../../../test/files.ts';
import { downloads, languages } from '../../db/schema.ts';

/** A port of its own: the answer is read over a real connection, where a body cut short shows. */
const PORT = 4650;

let app: TestApp;
let address: string;
let fileId: string;
let pdf: Buffer;
const logged: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await buildTestApp({ LOG_LEVEL: 'error' }, { logStream });
  await app.db.insert(languages).values({ name: 'English' });
  const admin = await loginAs(app, 'Admin');
  pdf = makePdf('Teevo June', 20_000_000);
  address = await app.listen({ host: '127.0.0.1', port: PORT });
  fileId = (await uploadEdition(app, admin.headers, { ...edition, month: '6' }, { name: 'j.pdf', data: pdf })).json()
    .id;
});
afterAll(() => app.close());

/** A GET over a real connection, as a browser makes it: the bytes that arrived, and whether the answer ended whole. */
function fetchOverTcp(url: string, headers: Record<string, string>) {
  return new Promise<{ received: number; whole: boolean }>((resolve) => {
    let received = 0;
    get(`${address}${url}`, { headers }, (response) => {
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      response.on('end', () => resolve({ received, whole: true }));
      response.on('error', () => resolve({ received, whole: false }));
    }).on('error', () => resolve({ received, whole: false }));
  });
}

/** Opens a download over a real connection and hangs up once its first bytes arrive. */
function leaveEarly(url: string, headers: Record<string, string>) {
  return new Promise<void>((resolve) => {
    const request = get(`${address}${url}`, { headers }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', () => undefined);
  });
}

describe('GET /api/files/{id}/download', () => {
  it('closes the file and logs no error when the client hangs up halfway', async () => {
    const open = app.storage.open;
    const files = { opened: 0, closed: 0 };
    app.storage.open = async (key) => {
      const reader = await open(key);
      files.opened += 1;
      return (
        reader && {
          read: reader.read,
          close: () => {
            files.closed += 1;
            return reader.close();
          },
        }
      );
    };
    try {
      const reader = await loginAs(app, 'User');
      const before = logged.length;
      await leaveEarly(`/api/files/${fileId}/download`, reader.headers);
      await vi.waitFor(() => expect(files).toEqual({ opened: 1, closed: 1 }), { timeout: 20_000 });
      expect(logged.slice(before)).toEqual([]);
    } finally {
      app.storage.open = open;
    }
  });

  it('counts downloads arriving together once per account, however many each sends', async () => {
    const readers = await Promise.all(Array.from({ length: 12 }, () => loginAs(app, 'User')));
    const counted = async () =>
      (await app.db.select({ id: downloads.id }).from(downloads).where(eq(downloads.fileId, fileId))).length;
    const before = await counted();
    const answers = await Promise.all(
      readers.flatMap((reader) =>
        ['bytes=0-99999', 'bytes=0-65535', 'bytes=0-0'].map((range) =>
          app.inject({
            method: 'GET',
            url: `/api/files/${fileId}/download`,
            headers: { ...reader.headers, range },
          }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.statusCode < 300)).toBe(true);
    expect(await counted()).toBe(before + readers.length);
  });

  it('never hands over the whole file uncounted: a download whose record fails stops short of its last byte', async () => {
    await app.db.execute(sql`alter table downloads add constraint refuse_all check (false) not valid`);
    try {
      const reader = await loginAs(app, 'User');
      const { received, whole } = await fetchOverTcp(`/api/files/${fileId}/download`, reader.headers);
      expect(received).toBeGreaterThan(0);
      expect(received).toBeLessThan(pdf.length);
      expect(whole).toBe(false);
      expect(logged.join('')).toContain('a download stopped short');
    } finally {
      await app.db.execute(sql`alter table downloads drop constraint refuse_all`);
    }
  });
});
