import { MONTHS, parseMonth } from '@portal/contract';

export interface EditionGuess {
  book?: string;
  language?: string;
  year?: number;
  month?: number;
}

const YEAR = /^(19|20)\d{2}$/;

/** A month from a number, a full English name or its first three letters (Mar, march). */
function monthOf(token: string): number | undefined {
  const exact = parseMonth(token);
  if (exact !== undefined) return exact;
  if (token.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month.toLowerCase().startsWith(token.toLowerCase()));
  return index === -1 ? undefined : index + 1;
}

/**
 * Book, language, year and month read from an edition's file name, for names like
 * `Teevo_English_2025_03.pdf` or `Take5 - French - March 2025.pdf`: the first word is the book, the
 * year is four digits, the month a number or a name, and the words left are the language.
 * Whatever the name does not say stays undefined.
 */
export function parseEditionName(fileName: string): EditionGuess {
  const tokens = fileName
    .replace(/\.pdf$/i, '')
    .split(/[\s_.]+|\s*-\s*/)
    .filter(Boolean);
  const [book, ...rest] = tokens;
  const guess: EditionGuess = book ? { book } : {};
  const words: string[] = [];
  for (const token of rest) {
    const month = words.length > 0 ? monthOf(token) : undefined;
    if (guess.year === undefined && YEAR.test(token)) guess.year = Number(token);
    else if (guess.month === undefined && month !== undefined) guess.month = month;
    else if (guess.year === undefined && guess.month === undefined) words.push(token);
  }
  if (words.length > 0) guess.language = words.join(' ');
  return guess;
}
