import { BOOK_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, app, useAdminApp } from '../../../test/admin-app.ts';
import { books, downloads } from '../../db/schema.ts';

useAdminApp();

const bookCount = async () => (await app.db.select({ id: books.id }).from(books)).length;
const create = (payload: object) => app.inject({ method: 'POST', url: '/api/books', headers: admin.headers, payload });
const rename = (id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/books/${id}`, headers: admin.headers, payload });

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
    });
  });
});

describe('POST /api/books', () => {
  it('creates a book', async () => {
    const response = await create({ name: ' Insight ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Insight' });
  });

  it('refuses a name that exists in another case (409)', async () => {
    const before = await bookCount();
    const response = await create({ name: 'teevo' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: BOOK_MESSAGES.nameTaken });
    expect(await bookCount()).toBe(before);
  });

  it.each([
    ['an empty name', { name: '' }, BOOK_MESSAGES.nameRequired],
    ['no name', {}, BOOK_MESSAGES.nameRequired],
    ['a long name', { name: 'x'.repeat(101) }, BOOK_MESSAGES.nameTooLong],
    ['a NUL in the name', { name: 'Tee\u0000vo' }, 'name: must not contain control characters'],
    ['a line break in the name', { name: 'Tee\nvo' }, 'name: must not contain control characters'],
  ])('refuses %s with its message (400) and creates nothing', async (_case, payload, message) => {
    const before = await bookCount();
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await bookCount()).toBe(before);
  });
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
    const response = await rename(take5?.id as string, { name: 'TEEVO' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: BOOK_MESSAGES.nameTaken });
  });

  it('answers 400 for an empty name and 404 for unknown ids', async () => {
    const [take5] = await app.db.select().from(books).where(eq(books.name, 'Take5'));
    const bad = await rename(take5?.id as string, { name: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: BOOK_MESSAGES.nameRequired });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      const response = await rename(id, { name: 'Anything' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BOOK_MESSAGES.bookNotFound });
    }
  });
});

describe('DELETE /api/books/:id', () => {
  it('does not exist: books are never deleted', async () => {
    const [take5] = await app.db.select().from(books).where(eq(books.name, 'Take5'));
    const response = await app.inject({ method: 'DELETE', url: `/api/books/${take5?.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(404);
  });
});
