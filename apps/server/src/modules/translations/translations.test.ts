import { FILE_MESSAGES, TRANSLATION_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, app, UNKNOWN_ID, useAdminApp } from '../../../test/admin-app.ts';
import { expectMessage } from '../../../test/app.ts';
import { addEditionRecord } from '../../../test/editions.ts';
import { uploadEdition } from '../../../test/files.ts';
import { files, languages } from '../../db/schema.ts';

let english: string;
let french: string;

useAdminApp();
beforeAll(async () => {
  const inserted = await app.db
    .insert(languages)
    .values([{ name: 'English' }, { name: 'French' }])
    .returning();
  english = inserted[0]?.id as string;
  french = inserted[1]?.id as string;
});

const update = (id: string, payload: object) => admin.request('PUT', `/api/translation/update/${id}`, payload);
const remove = (id: string) => admin.request('DELETE', `/api/translation/delete/${id}`);

describe('GET /api/translation/getAll', () => {
  it('lists the edition files in the legacy translation shape', async () => {
    const file = await addEditionRecord(app, { book: 'Teevo', languageId: english, year: 2025, month: 1 });
    const response = await admin.request('GET', '/api/translation/getAll');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      _id: file.id,
      id: file.id,
      file_path: 'Teevo-English-2025-01.pdf',
      file_mime_type: 'application/pdf',
      book_language: 'English',
    });
  });
});

describe('POST /api/translation/create/', () => {
  it.each(['/api/translation/create/', '/api/translation/create'])(
    'answers 400 at %s: editions are created by upload',
    async (url) => {
      const before = (await app.db.select().from(files)).length;
      const response = await admin.request('POST', url, { file_path: 'x.pdf', book_language: 'English' });
      expectMessage(response, 400, TRANSLATION_MESSAGES.createByUpload);
      expect(await app.db.select().from(files)).toHaveLength(before);
    },
  );
});

describe('PUT /api/translation/update/:id', () => {
  it('moves a file to another language, named in any case', async () => {
    const file = await addEditionRecord(app, { book: 'Take5', languageId: english, year: 2025, month: 2 });
    const response = await update(file.id, { book_language: 'french' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: file.id,
      book_language: 'French',
      file_path: 'Take5-French-2025-02.pdf',
    });
    const [stored] = await app.db.select().from(files).where(eq(files.id, file.id));
    expect(stored?.languageId).toBe(french);
  });

  it('refuses a move onto an edition that already has a file (409)', async () => {
    const file = await addEditionRecord(app, { book: 'Teevo', languageId: english, year: 2024, month: 6 });
    await addEditionRecord(app, { book: 'Teevo', languageId: french, year: 2024, month: 6 });
    expectMessage(await update(file.id, { book_language: 'French' }), 409, TRANSLATION_MESSAGES.editionExists);
    const [stored] = await app.db.select().from(files).where(eq(files.id, file.id));
    expect(stored?.languageId).toBe(english);
  });

  it.each([
    ['no language', {}, FILE_MESSAGES.languageRequired],
    ['an empty language', { book_language: ' ' }, FILE_MESSAGES.languageRequired],
    ['an unknown language', { book_language: 'Klingon' }, FILE_MESSAGES.unknownLanguage],
    ['a NUL in the language', { book_language: 'Fren\u0000ch' }, 'book_language: must not contain control characters'],
  ])('refuses %s (400)', async (_case, payload, message) => {
    const file = await addEditionRecord(app, { book: 'Teevo', languageId: english, year: 2023, month: 1 });
    expectMessage(await update(file.id, payload), 400, message);
    await app.db.delete(files).where(eq(files.id, file.id));
  });

  it.each([UNKNOWN_ID, 'nonsense'])('answers 404 for %s', async (id) => {
    expectMessage(await update(id, { book_language: 'French' }), 404, FILE_MESSAGES.fileNotFound);
  });
});

describe('DELETE /api/translation/delete/:id', () => {
  it('deletes the edition file and its PDF', async () => {
    const uploaded = await uploadEdition(app, admin.headers);
    expect(uploaded.statusCode).toBe(201);
    const { id } = uploaded.json();
    const [stored] = await app.db.select().from(files).where(eq(files.id, id));
    expectMessage(await remove(id), 200, FILE_MESSAGES.deleted);
    expect(await app.db.select().from(files).where(eq(files.id, id))).toHaveLength(0);
    expect(await app.storage.size(stored?.storageKey as string)).toBeUndefined();
  });

  it.each([UNKNOWN_ID, 'nonsense'])('answers 404 for %s', async (id) => {
    expectMessage(await remove(id), 404, FILE_MESSAGES.fileNotFound);
  });
});
