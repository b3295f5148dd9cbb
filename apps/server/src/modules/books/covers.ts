import { createHash } from 'node:crypto';
import { BOOK_MESSAGES, type Book, COVER_SIZE, MAX_COVER_BYTES } from '@portal/contract';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { byName } from '../../db/names.ts';
import { bookCovers, books } from '../../db/schema.ts';
import { BadRequest, HttpError, NotFound, receiving } from '../../errors.ts';
import { recordView } from '../records.ts';
import { bookRecords } from './service.ts';

/** The first bytes of each image format a cover may be in (WebP: RIFF, a size, then WEBP). */
const SIGNATURES: ((head: Buffer) => boolean)[] = [
  (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
];

/** Larger images are refused before they are decoded: 40 megapixels is a 7,000 × 5,700 photo. */
const MOST_PIXELS = 40_000_000;

export const coverPath = (bookId: string, hash: string) => `/api/books/${bookId}/cover/${hash}.webp`;

/** The uploaded `image` part, whole: an image by its first bytes, within the size limit. */
export async function readCoverUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequest(BOOK_MESSAGES.coverRequired);
  const part = await receiving(request.file({ limits: { fileSize: MAX_COVER_BYTES }, throwFileSizeLimit: false }));
  if (part?.fieldname !== 'image') throw new BadRequest(BOOK_MESSAGES.coverRequired);
  const content = await receiving(part.toBuffer());
  if (part.file.truncated) throw new HttpError(413, BOOK_MESSAGES.coverTooLarge);
  if (!SIGNATURES.some((matches) => matches(content))) throw new BadRequest(BOOK_MESSAGES.coverNotImage);
  return content;
}

/** The cover being resized, which the next waits for. */
let resizing: Promise<unknown> = Promise.resolve();

/** Runs `work` once the covers before it are done: one cover at a time in the process. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const done = resizing.then(work);
  resizing = done.catch(() => undefined);
  return done;
}

/**
 * The cover as the cards show it: turned upright, cropped to 3 by 4 around its middle, COVER_SIZE pixels,
 * WebP. sharp (libvips) is loaded on the first cover only: a portal that never gets one never pays for it.
 * A large photo can take over 100 MB while it is decoded (decision 022), so covers are resized one at a time,
 * on one thread, and libvips keeps nothing cached of them: what a cover took is freed when it is done.
 */
async function resize(upload: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(1);
  try {
    return await sharp(upload, { limitInputPixels: MOST_PIXELS })
      .rotate()
      .resize(COVER_SIZE.width, COVER_SIZE.height, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new BadRequest(BOOK_MESSAGES.coverUnreadable);
  }
}

/** Stores a book's cover in its card size, replacing the one before. */
export async function saveCover(db: Database, bookId: string, upload: Buffer): Promise<Book> {
  const book = await bookRecords.find(db, bookId);
  const image = await oneAtATime(() => resize(upload));
  const hash = createHash('sha256').update(image).digest('base64url').slice(0, 16);
  await db
    .insert(bookCovers)
    .values({ bookId: book.id, hash, image })
    .onConflictDoUpdate({ target: bookCovers.bookId, set: { hash, image, updatedAt: new Date() } });
  return { ...recordView(book), name: book.name, cover: coverPath(book.id, hash) };
}

export async function removeCover(db: Database, bookId: string): Promise<void> {
  const book = await bookRecords.find(db, bookId);
  const removed = await db
    .delete(bookCovers)
    .where(eq(bookCovers.bookId, book.id))
    .returning({ hash: bookCovers.hash });
  if (removed.length === 0) throw new NotFound(BOOK_MESSAGES.coverNotFound);
}

/** The cover image at that address (its file is `<hash>.webp`); a replaced cover's old address is gone. */
export async function findCover(db: Database, bookId: string, file: string): Promise<Buffer> {
  const hash = file.endsWith('.webp') ? file.slice(0, -'.webp'.length) : '';
  const [cover] =
    !isUuid(bookId) || !hash
      ? []
      : await db
          .select({ image: bookCovers.image })
          .from(bookCovers)
          .where(and(eq(bookCovers.bookId, bookId), eq(bookCovers.hash, hash)));
  if (!cover) throw new NotFound(BOOK_MESSAGES.coverNotFound);
  return cover.image;
}

/** Every book by name, with its cover's address. */
export async function listBooks(db: Database): Promise<Book[]> {
  const { id, name, createdAt, updatedAt } = getTableColumns(books);
  const rows = await db
    .select({ id, name, createdAt, updatedAt, hash: bookCovers.hash })
    .from(books)
    .leftJoin(bookCovers, eq(bookCovers.bookId, books.id))
    .orderBy(byName(books.name));
  return rows.map((row) => ({
    ...recordView(row),
    name: row.name,
    cover: row.hash ? coverPath(row.id, row.hash) : null,
  }));
}

/** The address of the book's cover, if it has one. */
export async function coverOf(db: Database, bookId: string): Promise<string | null> {
  const [cover] = await db.select({ hash: bookCovers.hash }).from(bookCovers).where(eq(bookCovers.bookId, bookId));
  return cover ? coverPath(bookId, cover.hash) : null;
}
