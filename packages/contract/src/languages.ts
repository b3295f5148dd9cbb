import { z } from 'zod';
import { type CodedMessage, coded } from './coded.ts';
import { monthName } from './files.ts';
import { LOCALES } from './locales.ts';
import { MAX_RECORD_NAME_LENGTH, namedInputSchema, namedRecordSchema } from './records.ts';

/**
 * The ISO 639 codes a language can be given (decision 041): every two-letter ISO 639-1 code, and the
 * three-letter ISO 639-2/3 codes of languages without one that the browsers' `Intl.DisplayNames` can name
 * (many of them spoken where the editions are read). The Languages dialog names them in the admin's language.
 */
export const LANGUAGE_CODES: readonly string[] = [
  ...'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'.split(
    ' ',
  ),
  ...'ach ast bas bem bho byn ceb cgg chr ckb dua dyu efi ewo fil fon gaa gsw guz haw hil hmn ilo kab kam kde kln kmb loz lua lun luo luy mai mer mfe mos nds nso nus nyn nyo pcm sat sco teo tpi tum umb wal xog yue'.split(
    ' ',
  ),
];

const KNOWN_CODES = new Set(LANGUAGE_CODES);

/**
 * The code whose name, in one of the portal's languages or in itself, is `name` (ignoring case and accents):
 * "Swahili", "Kiswahili" and "Suajili" are `sw`. How a language added or imported without a code gets one.
 */
export function languageCodeOfName(name: string): string | null {
  const wanted = nameKey(name);
  nameIndex ??= new Map(
    LANGUAGE_CODES.flatMap((code) =>
      [code, ...LOCALES].flatMap((locale) => {
        const named = new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' }).of(code);
        return named ? [[nameKey(named), code] as const] : [];
      }),
    ).reverse(), // the first code a name is found for wins
  );
  return nameIndex.get(wanted) ?? null;
}

const nameKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
let nameIndex: Map<string, string> | undefined;

export const LANGUAGE_MESSAGES = {
  nameRequired: 'Language name is required.',
  nameTooLong: `Language name can have at most ${MAX_RECORD_NAME_LENGTH} characters.`,
  nameTaken: 'A language with this name already exists.',
  codeUnknown: 'Choose the language’s code from the list (ISO 639).',
  codeTaken: 'Another language has this code.',
  languageNotFound: 'Language not found.',
  deleted: 'Language deleted successfully.',
  none: 'No language yet. Add each language your editions are published in with New (English, say): imported files and members’ downloads choose from these.',
} as const;

/**
 * A language's name and, optionally, its ISO 639 code: absent keeps the code it has (clients of the original API
 * send only the name), null removes it.
 */
export const languageInputSchema = namedInputSchema(LANGUAGE_MESSAGES).extend({
  code: z
    .string({ error: LANGUAGE_MESSAGES.codeUnknown })
    .refine((code) => KNOWN_CODES.has(code), LANGUAGE_MESSAGES.codeUnknown)
    .nullish(),
});
export type LanguageInput = z.input<typeof languageInputSchema>;

/** A language on the wire: the original's fields, and its ISO 639 code (null until given one). */
export const languageSchema = namedRecordSchema.extend({ code: z.string().nullable() });
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
