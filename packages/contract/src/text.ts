import { z } from 'zod';

/** NUL, tab, line breaks, escape and the like: PostgreSQL refuses NUL in text, and no field of the portal holds the others. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** Said after the field's name: "fullName: must not contain control characters". */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTER.test(value);

/** For names the portal keeps rather than refuses, such as an uploaded file's. */
export const withoutControlCharacters = (value: string): string =>
  value.replace(new RegExp(CONTROL_CHARACTER, 'gu'), '');

/** Every string a client sends that reaches the database: z.string() without control characters. */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);

/**
 * A whole number as a form field or query string carries it: decimal digits only. Anything else (0x7e8,
 * 1e3, an empty string) is left as it came, for `schema` to refuse with its own message.
 */
export const decimalSchema = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value),
    schema,
  );
