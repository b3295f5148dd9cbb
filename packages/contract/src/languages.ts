import type { z } from 'zod';
import { type CodedMessage, coded } from './coded.ts';
import { monthName } from './files.ts';
import { MAX_RECORD_NAME_LENGTH, namedInputSchema, namedRecordSchema } from './records.ts';

export const LANGUAGE_MESSAGES = {
  nameRequired: 'Language name is required.',
  nameTooLong: `Language name can have at most ${MAX_RECORD_NAME_LENGTH} characters.`,
  nameTaken: 'A language with this name already exists.',
  languageNotFound: 'Language not found.',
  deleted: 'Language deleted successfully.',
  none: 'No language yet. Add each language your editions are published in with New (English, say): imported files and members’ downloads choose from these.',
} as const;

export const languageInputSchema = namedInputSchema(LANGUAGE_MESSAGES);
export type LanguageInput = z.input<typeof languageInputSchema>;

export const languageSchema = namedRecordSchema;
export type Language = z.infer<typeof languageSchema>;

/** How many of the files that block a deletion are named; the rest are counted. */
export const LANGUAGE_USES_SHOWN = 3;

/** Why a language can't be deleted: the files that use it, e.g. "Teevo March 2025, … and 4 more". */
export function languageInUseMessage(
  uses: { book: string; year: number; month: number }[],
  total: number,
): CodedMessage {
  const named = uses
    .slice(0, LANGUAGE_USES_SHOWN)
    .map((use) => `${use.book} ${monthName(use.month)} ${use.year}`)
    .join(', ');
  const more = Math.max(total - LANGUAGE_USES_SHOWN, 0);
  return coded(
    'languages.inUse',
    { uses: named, more },
    `This language can not be deleted: it is used by ${named}${more ? ` and ${more} more` : ''}. Delete those files or move them to another language first.`,
  );
}
