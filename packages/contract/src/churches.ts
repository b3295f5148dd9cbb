import { z } from 'zod';
import { coded } from './coded.ts';
import { recordSchema } from './records.ts';
import { textSchema } from './text.ts';

export const MAX_CHURCH_NAME_LENGTH = 200;
/** Highest allocation a church can have; keeps the value inside PostgreSQL's integer. */
export const MAX_CHURCH_ALLOCATION = 1_000_000_000;

export const CHURCH_MESSAGES = {
  countryRequired: 'Country is required.',
  nameRequired: 'Church name is required.',
  allocationRequired: 'Church allocation is required.',
  allocationInvalid: `Church allocation must be a whole number from 0 to ${MAX_CHURCH_ALLOCATION.toLocaleString('en')}.`,
  nameTooLong: `Church name can have at most ${MAX_CHURCH_NAME_LENGTH} characters.`,
  unknownCountry: 'Choose a country from the country list.',
  nameTaken: 'A church with this name already exists in this country.',
  churchNotFound: 'Church not found.',
  deleted: 'Church deleted successfully.',
} as const;

/** Why a church can't be deleted: its members would be left without one. */
export const churchHasMembersMessage = (members: number) =>
  coded(
    'churches.hasMembers',
    { count: members },
    `This church has ${members} ${members === 1 ? 'member' : 'members'}: move them to another church first.`,
  );

const m = CHURCH_MESSAGES;

/**
 * Forms give strings (or null for an emptied number field): empty means "not given", digits are the
 * number, and any other text stays text so that it fails (Number() would take "1e3" or "0x10").
 */
const allocationSchema = z.preprocess(
  (value: number | string | null | undefined) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '' || text === null || text === undefined) return undefined;
    return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : text;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? m.allocationRequired : m.allocationInvalid) })
    .int(m.allocationInvalid)
    .min(0, m.allocationInvalid)
    .max(MAX_CHURCH_ALLOCATION, m.allocationInvalid),
);

/** The church dialog's fields, for creating and for updating a church. */
export const churchInputSchema = z.object({
  country: textSchema({ error: m.countryRequired }).trim().min(1, m.countryRequired),
  name: textSchema({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(MAX_CHURCH_NAME_LENGTH, m.nameTooLong),
  allocation: allocationSchema,
});
export type ChurchInput = z.input<typeof churchInputSchema>;

export const churchSchema = recordSchema.extend({
  name: z.string(),
  country: z.string(),
  allocation: z.number(),
});
export type Church = z.infer<typeof churchSchema>;
