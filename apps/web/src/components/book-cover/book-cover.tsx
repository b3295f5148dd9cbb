import { type Book, COVER_SIZE } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { bookRecords } from '../../lib/resources/books.ts';
import './book-cover.css';

/** Placeholder colours, each under white text at 4.5:1 or more (AA), on light and dark themes alike. */
const PLACEHOLDER_COLOURS = ['#1d4ed8', '#047857', '#b91c1c', '#7e22ce', '#c2410c', '#0f766e', '#be185d', '#4338ca'];

/** The colour of a book without a cover: picked by its name, so it stays the same on every visit. */
function placeholderColour(name: string) {
  let hash = 0;
  for (const character of name.toLowerCase()) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return PLACEHOLDER_COLOURS[hash % PLACEHOLDER_COLOURS.length];
}

/** Covers are made at three device pixels per CSS pixel of a card (decision 022); a thumbnail is half that. */
export const COVER_SIZES = {
  card: { width: COVER_SIZE.width / 3, height: COVER_SIZE.height / 3 },
  thumbnail: { width: COVER_SIZE.width / 6, height: COVER_SIZE.height / 6 },
};

interface BookCoverProps {
  name: string;
  cover: string | null | undefined;
  size?: keyof typeof COVER_SIZES;
}

/**
 * A book's cover, or a placeholder in a colour of its own (with the book's name on a card's); always beside the
 * book's name in text, so screen readers skip it.
 */
export function BookCover({ name, cover, size = 'card' }: BookCoverProps) {
  const { width, height } = COVER_SIZES[size];
  if (cover) return <img className="book-cover" src={cover} alt="" width={width} height={height} loading="lazy" />;
  return (
    <div
      className="book-cover book-cover-placeholder"
      style={{ backgroundColor: placeholderColour(name), width }}
      aria-hidden
    >
      <i className="pi pi-book" />
      {size === 'card' && <span>{name}</span>}
    </div>
  );
}

/** Books' covers by name (in any case), as editions name their book. */
export function useCovers() {
  const books: Book[] = useQuery(bookRecords.listQuery).data ?? [];
  const covers = new Map(books.map((book) => [book.name.toLowerCase(), book.cover]));
  return (name: string) => covers.get(name.toLowerCase());
}
