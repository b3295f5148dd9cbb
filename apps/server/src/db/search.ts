import { type SQL, sql } from 'drizzle-orm';

/** Words beyond this many are ignored: each adds more ILIKE tests on every row. */
const MAX_SEARCH_WORDS = 5;

/** The words of a search box, at most MAX_SEARCH_WORDS. */
export const searchWords = (search: string) => search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);

/** `%`, `_` and `\` match literally: a search for "50%" means those characters. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** The text contains the word, ignoring case. */
export const contains = (text: SQL, word: string): SQL => sql`${text} ilike ${containsPattern(word)}`;
