import { BOOK_MESSAGES, type Book, COVER_SIZE, MAX_COVER_BYTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { admin, app, UNKNOWN_ID, useAdminApp } from '../../../test/admin-app.ts';
import { expectMessage, loginAs } from '../../../test/app.ts';
import { makePdf, multipart } from '../../../test/files.ts';
import { itRefusesBadNames } from '../../../test/named-records.ts';
import { books, downloads } from '../../db/schema.ts';
import { bookRecords } from './service.ts';

useAdminApp();

const bookCount = async () => (await app.db.select({ id: books.id }).from(books)).length;
const create = (payload: object) => admin.request('POST', '/api/books', payload);
const rename = (id: string, payload: object) => admin.request('PUT', `/api/books/${id}`, payload);

describe('GET /api/books', () => {
  it('lists the seeded books for anyone, in the wire shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/books' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((b: { name: string }) => b.name)).toEqual(['Take5', 'Teevo']);
    const [teevo] = await app.db.select().from(books).where(eq(books.name, 'Teevo'));
    expect(response.json()[1]).toEqual({
      id: teevo?.id,
      _id: teevo?.id,
      name: 'Teevo',
      createdAt: teevo?.createdAt.toISOString(),
      updatedAt: teevo?.updatedAt.toISOString(),
      cover: null,
    });
  });
});

describe('POST /api/books', () => {
  it('creates a book', async () => {
    const response = await create({ name: ' Insight ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Insight' });
  });

  itRefusesBadNames(BOOK_MESSAGES, { create, count: bookCount, taken: 'teevo' });
});

describe('PUT /api/books/:id', () => {
  it('renames a book and carries the name over to its download statistics', async () => {
    const [book] = await app.db.insert(books).values({ name: 'Pathway' }).returning();
    await app.db.insert(downloads).values({ bookName: 'Pathway', languageName: 'English', year: 2025, month: 1 });
    const response = await rename(book?.id as string, { name: 'Pathways' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: book?.id, name: 'Pathways' });
    expect(await app.db.select().from(downloads).where(eq(downloads.bookName, 'Pathways'))).toHaveLength(1);
  });

  it('refuses the name of another book (409)', async () => {
    const [take5] = await app.db.select().from(books).where(eq(books.name, 'Take5'));
    expectMessage(await rename(take5?.id as string, { name: 'TEEVO' }), 409, BOOK_MESSAGES.nameTaken);
  });

  it('answers 400 for an empty name and 404 for unknown ids', async () => {
    const [take5] = await app.db.select().from(books).where(eq(books.name, 'Take5'));
    expectMessage(await rename(take5?.id as string, { name: ' ' }), 400, BOOK_MESSAGES.nameRequired);
    for (const id of [UNKNOWN_ID, 'nonsense']) {
      expectMessage(await rename(id, { name: 'Anything' }), 404, BOOK_MESSAGES.bookNotFound);
    }
  });
});

describe('DELETE /api/books/:id', () => {
  it('does not exist: books are never deleted', async () => {
    const [take5] = await app.db.select().from(books).where(eq(books.name, 'Take5'));
    expect((await admin.request('DELETE', `/api/books/${take5?.id}`)).statusCode).toBe(404);
  });
});

/** A photo-like image of that size and format. */
const image = (format: 'png' | 'jpeg' | 'webp', background = '#3a6ea5') =>
  sharp({ create: { width: 600, height: 900, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

async function putCover(id: string, data: Buffer, headers: Record<string, string> = admin.headers) {
  const body = await multipart({}, { name: 'cover.png', data, type: 'image/png', field: 'image' });
  return app.inject({
    method: 'PUT',
    url: `/api/books/${id}/cover`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const bookNamed = async (name: string) => {
  const listed = (await app.inject({ url: '/api/books' })).json() as Book[];
  return listed.find((book) => book.name === name) as Book;
};

describe('PUT /api/books/:id/cover', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'takes a %s, keeps it at the cards’ size, and lists its address',
    async (format) => {
      const [book] = await app.db
        .insert(books)
        .values({ name: `Covered ${format}` })
        .returning();
      const response = await putCover(book?.id as string, await image(format));
      expect(response.statusCode).toBe(200);
      const { cover } = response.json() as Book;
      expect(cover).toMatch(new RegExp(`^/api/books/${book?.id}/cover/[\\w-]+\\.webp$`));
      expect((await bookNamed(`Covered ${format}`)).cover).toBe(cover);

      const served = await app.inject({ url: cover as string });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', ...COVER_SIZE });
    },
  );

  it('gives a new cover a new address, and the old one is gone', async () => {
    const [book] = await app.db.insert(books).values({ name: 'Recovered' }).returning();
    const first = (await putCover(book?.id as string, await image('png'))).json() as Book;
    const second = (await putCover(book?.id as string, await image('png', '#a53a3a'))).json() as Book;
    expect(second.cover).not.toBe(first.cover);
    expect((await app.inject({ url: first.cover as string })).statusCode).toBe(404);
    expect((await app.inject({ url: second.cover as string })).statusCode).toBe(200);
  });

  it.each([
    ['a PDF', () => makePdf('not an image'), 400, BOOK_MESSAGES.coverNotImage],
    ['text named .png', async () => Buffer.from('hello'), 400, BOOK_MESSAGES.coverNotImage],
    [
      'a damaged PNG',
      async () => Buffer.concat([(await image('png')).subarray(0, 40), Buffer.alloc(200)]),
      400,
      BOOK_MESSAGES.coverUnreadable,
    ],
    [
      'an image over the limit',
      async () => Buffer.concat([await image('png'), Buffer.alloc(MAX_COVER_BYTES)]),
      413,
      BOOK_MESSAGES.coverTooLarge,
    ],
  ])('refuses %s with its message and keeps the cover it had', async (_case, data, status, message) => {
    const teevo = await bookNamed('Teevo');
    expectMessage(await putCover(teevo.id, await data()), status, message);
    expect((await bookNamed('Teevo')).cover).toBe(teevo.cover);
  });

  it('refuses a request with no image part, members and strangers, and unknown books', async () => {
    const teevo = await bookNamed('Teevo');
    const empty = await multipart({ note: 'no file' });
    const noImage = await app.inject({
      method: 'PUT',
      url: `/api/books/${teevo.id}/cover`,
      headers: { ...admin.headers, ...empty.headers },
      payload: empty.payload,
    });
    expectMessage(noImage, 400, BOOK_MESSAGES.coverRequired);
    const member = await loginAs(app, 'User');
    expect((await putCover(teevo.id, await image('png'), member.headers)).statusCode).toBe(403);
    expect((await putCover(teevo.id, await image('png'), {})).statusCode).toBe(401);
    for (const id of [UNKNOWN_ID, 'nonsense']) {
      expectMessage(await putCover(id, await image('png')), 404, BOOK_MESSAGES.bookNotFound);
    }
  });

  it('resizes covers one at a time, on one thread, with nothing kept in libvips’ cache', async () => {
    sharp.cache(true);
    sharp.concurrency(2);
    const covered = await app.db
      .insert(books)
      .values(['First', 'Second', 'Third'].map((name) => ({ name: `${name} at once` })))
      .returning();
    const upload = await image('jpeg');
    // Each resize waits until every upload has found its book, then one more turn of the event loop: without a
    // queue, every upload is resizing by then.
    let found = 0;
    let everyBookIsFound = () => {};
    const everyBookFound = new Promise<void>((resolve) => {
      everyBookIsFound = resolve;
    });
    const find = bookRecords.find;
    const finding = vi.spyOn(bookRecords, 'find').mockImplementation(async (...args) => {
      const book = await find(...args);
      found += 1;
      if (found === covered.length) everyBookIsFound();
      return book;
    });
    const toBuffer = sharp.prototype.toBuffer;
    let resizing = 0;
    let most = 0;
    const resizes = vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(async function (this: Sharp) {
      resizing += 1;
      most = Math.max(most, resizing);
      try {
        await everyBookFound;
        await new Promise(setImmediate);
        return await toBuffer.call(this);
      } finally {
        resizing -= 1;
      }
    });
    try {
      const answers = await Promise.all(covered.map(({ id }) => putCover(id, upload)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(resizes).toHaveBeenCalledTimes(covered.length);
    } finally {
      finding.mockRestore();
      resizes.mockRestore();
    }
    expect(most).toBe(1);
    for (const { name } of covered) expect((await bookNamed(name)).cover).not.toBeNull();
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});

describe('DELETE /api/books/:id/cover', () => {
  it('removes the cover: the list says none, its address is gone, and a second removal is 404', async () => {
    const [book] = await app.db.insert(books).values({ name: 'Uncovered' }).returning();
    const { cover } = (await putCover(book?.id as string, await image('jpeg'))).json() as Book;
    expectMessage(await admin.request('DELETE', `/api/books/${book?.id}/cover`), 200, BOOK_MESSAGES.coverRemoved);
    expect((await bookNamed('Uncovered')).cover).toBeNull();
    expect((await app.inject({ url: cover as string })).statusCode).toBe(404);
    expectMessage(await admin.request('DELETE', `/api/books/${book?.id}/cover`), 404, BOOK_MESSAGES.coverNotFound);
  });
});

describe('GET /api/books/:id/cover/:file', () => {
  it('answers 404 for addresses that name no cover', async () => {
    const teevo = await bookNamed('Teevo');
    for (const url of [
      `/api/books/${teevo.id}/cover/nothing.webp`,
      '/api/books/nonsense/cover/x.webp',
      `/api/books/${UNKNOWN_ID}/cover/x.png`,
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
