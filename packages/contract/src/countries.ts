import { z } from 'zod';
import { coded } from './coded.ts';
import { MAX_COUNTRY_JSON_BYTES } from './limits.ts';
import { hasControlCharacters } from './text.ts';

export const MAX_COUNTRY_NAME_LENGTH = 100;

export const COUNTRY_MESSAGES = {
  noFile: 'Choose a JSON file to upload (form field jsonfile).',
  notJson: 'Only JSON files can be uploaded: choose a .json file.',
  malformed: 'The file is not valid JSON.',
  wrongShape: 'The file must hold a list: country names, or objects with a country field.',
  empty: 'The file holds no countries.',
  tooLarge: `The file is too large: a country list can be at most ${MAX_COUNTRY_JSON_BYTES.toLocaleString('en')} bytes.`,
  uploaded: 'Country list replaced.',
  restored: 'Standard country list restored.',
} as const;

export const itemWithoutNameMessage = (item: number) =>
  coded('countries.itemWithoutName', { item }, `Item ${item} has no country name.`);
export const itemNameTooLongMessage = (item: number) =>
  coded(
    'countries.itemNameTooLong',
    { item, max: MAX_COUNTRY_NAME_LENGTH },
    `Item ${item} has a country name longer than ${MAX_COUNTRY_NAME_LENGTH} characters.`,
  );
export const itemNameWithControlCharactersMessage = (item: number) =>
  coded(
    'countries.itemNameWithControlCharacters',
    { item },
    `Item ${item} has control characters in its country name.`,
  );

/**
 * A country of the list: its name as stored (English for the standard list; what clients of the original API and
 * the exports read), and its ISO 3166 code where the name is one the standard knows, by which the interface names
 * it in the reader's language (decision 041).
 */
export const countrySchema = z.object({ country: z.string(), code: z.string().nullable() });
export type Country = z.infer<typeof countrySchema>;

const nameOf = (item: unknown) => {
  const value = typeof item === 'object' && item !== null ? (item as { country?: unknown }).country : item;
  return typeof value === 'string' ? value.trim() : '';
};

const problemOf = (name: string, item: number) => {
  if (!name) return itemWithoutNameMessage(item);
  if (name.length > MAX_COUNTRY_NAME_LENGTH) return itemNameTooLongMessage(item);
  if (hasControlCharacters(name)) return itemNameWithControlCharactersMessage(item);
  return undefined;
};

/**
 * The parsed content of an uploaded country file: an array of names or of `{ country }` objects.
 * Gives the names trimmed and without repeats (the first spelling wins), in file order.
 */
export const countryFileSchema = z
  .array(z.unknown(), { error: COUNTRY_MESSAGES.wrongShape })
  .min(1, COUNTRY_MESSAGES.empty)
  .transform((items, context) => {
    const names = new Map<string, string>();
    for (const [index, item] of items.entries()) {
      const name = nameOf(item);
      const problem = problemOf(name, index + 1);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem.message, params: problem });
        return z.NEVER;
      }
      if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    }
    return [...names.values()];
  });

export const countryUploadResultSchema = z.object({ message: z.string(), count: z.number() });
export type CountryUploadResult = z.infer<typeof countryUploadResultSchema>;

/** A country that would leave the list while churches or accounts still name it. */
export const countryInUseSchema = z.object({ country: z.string(), churches: z.number(), accounts: z.number() });
export type CountryInUse = z.infer<typeof countryInUseSchema>;

/**
 * What replacing the list would change, against today's list (names compared ignoring case, sorted):
 * asking changes nothing.
 */
export const countryChangesSchema = z.object({
  /** Countries today's list holds. */
  current: z.number(),
  /** Countries the new list would hold. */
  count: z.number(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /** The removed countries that churches or accounts still name. */
  inUse: z.array(countryInUseSchema),
});
export type CountryChanges = z.infer<typeof countryChangesSchema>;
