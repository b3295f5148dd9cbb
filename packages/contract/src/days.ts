import { z } from 'zod';
import { fileRecordSchema } from './files.ts';

/** The day map's messages (issue 33, decision 050). */
export const DAY_MESSAGES = {
  dayInvalid: 'Each day must be a day of the edition’s month.',
  pageInvalid: 'Each page must be a page of the edition.',
  daysRepeated: 'Each day can be given only once.',
  mapRequired: 'Give the page of day 1 and the pages per day, or each day’s page.',
  dayNotMapped: 'This day is not in the edition’s map of days.',
  searchTooShort: 'Search for at least 2 characters.',
  searchTooLong: 'Search for at most 100 characters.',
} as const;

/** How an edition's day map was found: its date headings, an admin, not at all, or not yet (its PDF is being read). */
export const daySourceSchema = z.enum(['headings', 'admin', 'none', 'pending']);

const pageSchema = z
  .number({ error: DAY_MESSAGES.pageInvalid })
  .int(DAY_MESSAGES.pageInvalid)
  .min(1, DAY_MESSAGES.pageInvalid);
const dayPageSchema = z.object({
  day: z
    .number({ error: DAY_MESSAGES.dayInvalid })
    .int(DAY_MESSAGES.dayInvalid)
    .min(1, DAY_MESSAGES.dayInvalid)
    .max(31, DAY_MESSAGES.dayInvalid),
  page: pageSchema,
});

/** A day of an edition's month and the page it begins on. */
export type DayPage = z.infer<typeof dayPageSchema>;

/** An edition's days in the order of their pages. */
export const inPageOrder = (days: readonly DayPage[]) => [...days].sort((a, b) => a.page - b.page || a.day - b.day);

/**
 * The day a page belongs to: the last day beginning on it or before; none before the first day's page. The reader
 * says it, search results too.
 */
export const dayOfPage = (days: readonly DayPage[], page: number): DayPage | undefined =>
  inPageOrder(days).findLast((each) => each.page <= page);

/** `GET /api/editions/{id}/days`: where each day of the edition's month begins. */
export const editionDaysSchema = z.object({
  source: daySourceSchema,
  /** The PDF has no text layer (a scan): its days can only be set by page. */
  scanned: z.boolean(),
  days: z.array(dayPageSchema),
  /** Null until the PDF has been read. */
  pageCount: z.number().nullable(),
});
export type EditionDays = z.infer<typeof editionDaysSchema>;

/** `GET /api/editions/days`: how many of its month's days each edition's map has, for the File List. */
export const editionDaysFoundSchema = z.object({
  id: z.string(),
  source: daySourceSchema,
  found: z.number(),
  /** The days of the edition's month. */
  of: z.number(),
});
export type EditionDaysFound = z.infer<typeof editionDaysFoundSchema>;

/** `PUT /api/editions/{id}/days`: day 1's page and the pages each day takes, or each day's page. */
export const editionDaysInputSchema = z.union(
  [
    z.strictObject({ firstPage: pageSchema, pagesPerDay: pageSchema }),
    z.strictObject({
      days: z
        .array(dayPageSchema)
        .min(1, DAY_MESSAGES.mapRequired)
        .refine((days) => new Set(days.map(({ day }) => day)).size === days.length, DAY_MESSAGES.daysRepeated),
    }),
  ],
  { error: DAY_MESSAGES.mapRequired },
);
export type EditionDaysInput = z.infer<typeof editionDaysInputSchema>;

/** `GET /api/editions/{id}/days/{day}`: a day's reading as text (the text view), its pages' text in order. */
export const editionDayTextSchema = z.object({
  day: z.number(),
  firstPage: z.number(),
  lastPage: z.number(),
  pages: z.array(z.object({ page: z.number(), text: z.string() })),
});
export type EditionDayText = z.infer<typeof editionDayTextSchema>;

/** `GET /api/editions/{id}/text`: every mapped day's reading, which the app keeps for reading offline. */
export const editionMonthTextSchema = z.object({ days: z.array(editionDayTextSchema) });
export type EditionMonthText = z.infer<typeof editionMonthTextSchema>;

/** The day of `GET /api/editions/{id}/days/{day}`. */
export const editionDayParamsSchema = z.object({ id: z.string(), day: z.coerce.number().int().min(1).max(31) });

/** What a member searches the editions' text for (issue 33, point 3). */
export const SEARCH_LIMITS = { min: 2, max: 100, results: 30 } as const;
export const editionSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_LIMITS.min, DAY_MESSAGES.searchTooShort)
    .max(SEARCH_LIMITS.max, DAY_MESSAGES.searchTooLong),
});

/** `GET /api/editions/search`: pages of the member's editions whose text matches, best first. */
export const editionSearchResultSchema = z.object({
  file: fileRecordSchema,
  /** The day the page belongs to, where the edition's days are mapped. */
  day: z.number().nullable(),
  page: z.number(),
  /** Some words around the matches, each part marked as a match or not. */
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
});
export type EditionSearchResult = z.infer<typeof editionSearchResultSchema>;
