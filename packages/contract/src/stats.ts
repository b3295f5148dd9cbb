import { z } from 'zod';
import { editionFieldsSchema } from './edition-fields.ts';
import { FIRST_DATE, LAST_DATE } from './limits.ts';
import { ROLES } from './roles.ts';
import { decimalSchema, textSchema } from './text.ts';

export const STATS_MESSAGES = {
  badDate: 'Dates must be real dates in the form YYYY-MM-DD.',
  startAfterEnd: 'The start date must be on or before the end date.',
  noLanguage: 'No language found.',
  includeStaffInvalid: 'includeStaff must be true or false.',
} as const;

/**
 * `includeStaff=true` counts the staff's downloads too (Admins and Super Admins checking a file in the File
 * Manager, by the role each download was made in); absent or `false`, the statistics count the members' alone.
 */
export const staffQuerySchema = z.object({
  includeStaff: z
    .enum(['true', 'false'], { error: STATS_MESSAGES.includeStaffInvalid })
    .default('false')
    .transform((value) => value === 'true'),
});
export type StaffFilter = z.infer<typeof staffQuerySchema>;

const isoDate = z
  .string({ error: STATS_MESSAGES.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, STATS_MESSAGES.badDate)
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, STATS_MESSAGES.badDate)
  .refine((text) => text >= FIRST_DATE && text <= LAST_DATE, `must be a date between ${FIRST_DATE} and ${LAST_DATE}`);

const rangeFields = z.object({ start: isoDate, end: isoDate });
const inOrder: [(range: { start: string; end: string }) => boolean, { message: string; path: string[] }] = [
  (range) => range.start <= range.end,
  { message: STATS_MESSAGES.startAfterEnd, path: ['start'] },
];

/** An inclusive range of days, both ends counted whole in the portal's time zone. */
export const dateRangeSchema = rangeFields.refine(...inOrder);
export type DateRange = z.infer<typeof dateRangeSchema>;

/** The statistics' filter: a range of days, optionally one book, and whether the staff's downloads count. */
export const countByLanguageQuerySchema = rangeFields
  .extend({ book: textSchema().trim().optional(), ...staffQuerySchema.shape })
  .refine(...inOrder);

/** A statistics request's filter as the web app holds it: `includeStaff` goes on the wire only when true. */
export type StatsQuery = z.output<typeof countByLanguageQuerySchema>;

/** One row of a count table: `_id` is the language (or book) name. */
export const countItemSchema = z.object({ _id: z.string(), count: z.number() });
export type CountItem = z.infer<typeof countItemSchema>;

export const countSchema = z.object({ count: z.number() });

export const downloadEntrySchema = z.object({
  _id: z.string(),
  user: z.string().nullable(),
  email: z.string().nullable(),
  file: z.string().nullable(),
  ...editionFieldsSchema.shape,
  created: z.string(),
  /** The account's role when it downloaded. */
  role: z.enum(ROLES),
});
export type DownloadEntry = z.infer<typeof downloadEntrySchema>;

export const pageQuerySchema = z.object({
  first: decimalSchema(z.number().int().min(0)).default(0),
  rows: decimalSchema(z.number().int().min(1).max(100)).default(10),
});

/** A sorted list's direction: 1 ascending, -1 descending (PrimeReact's sortOrder). */
export const sortOrderSchema = z.preprocess(
  (order) => (typeof order === 'string' ? Number(order) : order),
  z.union([z.literal(1), z.literal(-1)], { error: 'must be 1 (ascending) or -1 (descending)' }),
);

export const downloadPageSchema = z.object({ items: z.array(downloadEntrySchema), total: z.number() });

/** The signed-in user's own figures for the user dashboard. */
export const myCountsSchema = z.object({ thisMonth: z.number(), thisYear: z.number(), total: z.number() });
export type MyCounts = z.infer<typeof myCountsSchema>;

/** Figures of the admin dashboard's cards. */
export const statsSummarySchema = z.object({
  inRange: z.number(),
  thisMonth: z.number(),
  thisYear: z.number(),
  activeUsers: z.number(),
  topLanguage: countItemSchema.nullable(),
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

/** Ten chart colours (the spec's palette size); more languages reuse them in lighter tints. */
export const CHART_PALETTE = [
  '#4f46e5',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#f97316',
  '#64748b',
] as const;
