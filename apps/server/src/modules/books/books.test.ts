import { BOOK_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, app, UNKNOWN_ID, useAdminApp } from '../../../test/admin-app.ts';
import { expectMessage } from '../../../test/app.ts';
import { itRefusesBadNames } from '../../../test/named-records.ts';
import { books, downloads } from '../../db/schema.ts';

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
