import { eq } from 'drizzle-orm';
import { books, files } from '../src/db/schema.ts';
import type { TestApp } from './app.ts';

let editionCounter = 0;

/** An edition record made straight in the database (no PDF in the store), for tests of what refers to it. */
export async function addEditionRecord(
  app: TestApp,
  edition: { book: string; languageId: string; year: number; month: number },
) {
  editionCounter += 1;
  const [book] = await app.db.select({ id: books.id }).from(books).where(eq(books.name, edition.book));
  if (!book) throw new Error(`no book ${edition.book}`);
  const [file] = await app.db
    .insert(files)
    .values({
      bookId: book.id,
      languageId: edition.languageId,
      year: edition.year,
      month: edition.month,
      fileSize: 1234,
      storageKey: `00000000-0000-4000-8000-${String(editionCounter).padStart(12, '0')}.pdf`,
      originalName: `${edition.book}.pdf`,
    })
    .returning();
  if (!file) throw new Error('edition not created');
  return file;
}
