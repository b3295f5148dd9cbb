import type { EditionPage, FileRecord } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, app, useAdminApp } from '../../../test/admin-app.ts';
import { loginAs } from '../../../test/app.ts';
import { makePdf, uploadEdition } from '../../../test/files.ts';
import { books, languages } from '../../db/schema.ts';

let member: Awaited<ReturnType<typeof loginAs>>;

useAdminApp();
beforeAll(async () => {
  await app.db.insert(languages).values([{ name: 'English' }, { name: 'Français' }, { name: 'Twi' }]);
  member = await loginAs(app, 'User');
  const uploads = [
    ['Teevo', 'English', '2025', '3'],
    ['Teevo', 'Français', '2025', '3'],
    ['Take5', 'English', '2025', '3'],
    ['Teevo', 'English', '2025', '11'],
    ['Teevo', 'Twi', '2024', '12'],
  ];
  for (const [book, language, year, month] of uploads) {
    const fields = { book: book as string, language: language as string, year: year as string, month: month as string };
    const file = { name: `${book}.pdf`, data: makePdf(`${book} ${language} ${month}`) };
    expect((await uploadEdition(app, admin.headers, fields, file)).statusCode).toBe(201);
  }
});

const page = async (query = '', headers = member.headers) => {
  const response = await app.inject({ url: `/api/editions${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<EditionPage>();
};
const labels = (files: FileRecord[]) =>
  files.map((file) => `${file.book_name} ${file.book_language} ${file.book_month} ${file.book_year}`);

describe('GET /api/editions', () => {
  it('answers the newest editions first, a page at a time, with the number of all', async () => {
    const first = await page('?rows=2');
    expect(first.total).toBe(5);
    expect(labels(first.items)).toEqual(['Teevo English November 2025', 'Take5 English March 2025']);
    const rest = await page('?first=2&rows=10');
    expect(labels(rest.items)).toEqual([
      'Teevo English March 2025',
      'Teevo Français March 2025',
      'Teevo Twi December 2024',
    ]);
    expect(await page('?first=20')).toEqual({ items: [], total: 5 });
  });

  it('filters by book and language (any case) and by the words of a search', async () => {
    expect(labels((await page('?language=english&book=TEEVO')).items)).toEqual([
      'Teevo English November 2025',
      'Teevo English March 2025',
    ]);
    expect(labels((await page(`?search=${encodeURIComponent('march fran')}`)).items)).toEqual([
      'Teevo Français March 2025',
    ]);
    expect((await page('?search=2024')).total).toBe(1);
    expect(await page('?search=%25')).toEqual({ items: [], total: 0 });
  });

  it('leaves out the editions of months after `to`, the month it is for the member', async () => {
    expect(labels((await page('?to=2025-03&language=English')).items)).toEqual([
      'Take5 English March 2025',
      'Teevo English March 2025',
    ]);
    expect((await page('?to=2025-10')).total).toBe(4);
    expect((await page('?to=2024-12')).total).toBe(1);
  });

  it('sorts by a column either way', async () => {
    const bySize = (await page('?sortField=file_size&sortOrder=1')).items.map((file) => file.file_size);
    expect(bySize).toEqual([...bySize].sort((a, b) => a - b));
    expect(labels((await page('?sortField=book_language&sortOrder=-1&rows=1')).items)).toEqual([
      'Teevo Twi December 2024',
    ]);
  });

  it('refuses a bad page or sort with a message, and a visitor who is not signed in', async () => {
    for (const query of ['?rows=0', '?rows=101', '?first=-1', '?sortField=password', '?sortOrder=2', '?to=2025-13']) {
      const response = await app.inject({ url: `/api/editions${query}`, headers: member.headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
    expect((await app.inject({ url: '/api/editions' })).statusCode).toBe(401);
  });
});

describe('the edition lists kept in memory', () => {
  it('answers an unchanged list with its ETag, 304 when the client has it, compressed when asked', async () => {
    const first = await app.inject({ url: '/api/file/getAll', headers: member.headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ url: '/api/file/getAll', headers: { ...member.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const compressed = await app.inject({
      url: '/api/file/getAll',
      headers: { ...member.headers, 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.etag).toBe(etag);
    expect(first.json()).toHaveLength(5);
  });

  it('still asks who is calling: the list is not served to a visitor', async () => {
    await app.inject({ url: '/api/file/getAll', headers: member.headers });
    expect((await app.inject({ url: '/api/file/getAll' })).statusCode).toBe(401);
  });

  it('shows every write at once: an upload, a rename of a book or language, a delete', async () => {
    const names = async () => labels((await page('?rows=100')).items);
    const all = async () =>
      labels((await app.inject({ url: '/api/files', headers: member.headers })).json<FileRecord[]>());
    await names();
    await all();

    const added = await uploadEdition(app, admin.headers, {
      book: 'Take5',
      language: 'Twi',
      year: '2025',
      month: '12',
    });
    expect(await names()).toContain('Take5 Twi December 2025');
    expect(await all()).toContain('Take5 Twi December 2025');

    const [take5] = await app.db.select().from(books).where(eq(books.name, 'Take5'));
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/books/${take5?.id}`,
      headers: admin.headers,
      payload: { name: 'Take Five' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names()).toContain('Take Five Twi December 2025');
    expect(await all()).toContain('Take Five Twi December 2025');

    const [twi] = await app.db.select().from(languages).where(eq(languages.name, 'Twi'));
    await app.inject({
      method: 'PUT',
      url: `/api/languages/${twi?.id}`,
      headers: admin.headers,
      payload: { name: 'Akan' },
    });
    expect(await names()).toContain('Take Five Akan December 2025');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/files/${added.json()._id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await names()).not.toContain('Take Five Akan December 2025');
    expect(await all()).not.toContain('Take Five Akan December 2025');
  });
});
