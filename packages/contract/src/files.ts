import { z } from 'zod';
import { coded } from './coded.ts';
import { editionFieldsSchema } from './edition-fields.ts';
import { FIRST_YEAR, MAX_PDF_BYTES, MONTHS, type Month } from './limits.ts';
import { LOCALES, type Locale } from './locales.ts';
import { pageQuerySchema, sortOrderSchema } from './stats.ts';
import { decimalSchema, textSchema } from './text.ts';

export const FILE_MESSAGES = {
  uploaded: 'File uploaded successfully.',
  deleted: 'File deleted successfully.',
  deleteFailed: 'Error while deleting file.',
  loadFailed: 'Something went wrong.',
  notPdf: 'Only PDF files can be uploaded: this file is not a PDF.',
  noFile: 'Choose a PDF file to upload.',
  bookRequired: 'Book is required.',
  languageRequired: 'Language is required.',
  yearRequired: 'Year is required.',
  yearDigits: 'Year must be written in digits, like 2025.',
  yearTooEarly: `Year must be ${FIRST_YEAR} or later.`,
  yearTooLate: 'Year can be at most next year.',
  monthRequired: 'Month is required.',
  unknownBook: 'This book does not exist.',
  unknownLanguage: 'This language does not exist: add it on the Languages page first.',
  fileNotFound: 'File not found.',
  editionMissing: 'The selected edition does not exist.',
  fileMissing: 'This edition’s file is missing on the server. An admin needs to upload it again.',
  missingTag: 'File missing: upload it again',
  selectionMissing: 'Please select a year, month, and language',
  downloadFailed: 'Error while downloading file. Try again later',
  downloadLinkExpired: 'This download link has expired. Please start the download again.',
  rangeNotSatisfiable: 'The requested range is outside the file.',
  recorded: 'Download recorded.',
  noFiles: 'No edition yet: Import the month’s PDFs.',
  noFilesNoLanguages:
    'No edition yet. First add the languages your editions are published in, under Languages; then Import the month’s PDFs.',
} as const;

/** The import dialog's note on a file whose name reads as a language the portal doesn't have yet. */
export const languageNotAddedMessage = (language: string) =>
  coded('files.languageNotAdded', { language }, `${language} is not one of the portal’s languages yet.`);

/** The import dialog's note on a file that will take the place of its edition's file. */
export const replacesMessage = (fileName: string, uploadedOn: string) =>
  coded('files.replaces', { fileName, uploadedOn }, `Replaces ${fileName}, uploaded ${uploadedOn}.`);

/** The import dialog's note on a second file of the same edition in one batch: the later upload wins. */
export const sameEditionMessage = (fileName: string) =>
  coded('files.sameEdition', { fileName }, `Same edition as ${fileName} above: this one replaces it.`);

/** The one toast of an import batch in which every file was uploaded. */
export const uploadedCountMessage = (count: number) =>
  coded(
    'files.uploadedCount',
    { count },
    count === 1 ? FILE_MESSAGES.uploaded : `${count} files uploaded successfully.`,
  );

/** The spec's message for a file over the limit. */
export const tooLargeMessage = (name: string) =>
  coded(
    'files.tooLarge',
    { name, max: Math.round(MAX_PDF_BYTES / 1_048_576) },
    `${name}: Invalid file size, maximum upload size is ${Math.round(MAX_PDF_BYTES / 1_048_576)} MB.`,
  );

/** Month number 1-12 from a number, a numeric string or an English month name (any case). */
export function parseMonth(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 12 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return parseMonth(Number(text));
  const index = MONTHS.findIndex((month) => month.toLowerCase() === text.toLowerCase());
  return index === -1 ? undefined : index + 1;
}

export const monthName = (month: number): Month => MONTHS[month - 1] as Month;

export const monthSchema = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? undefined : (parseMonth(value) ?? value)),
  z
    .number({ error: FILE_MESSAGES.monthRequired })
    .int()
    .min(1, FILE_MESSAGES.monthRequired)
    .max(12, FILE_MESSAGES.monthRequired),
);

/** Editions exist from FIRST_YEAR up to next year (uploads ahead of January). */
export const yearSchema = decimalSchema(
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? FILE_MESSAGES.yearRequired : FILE_MESSAGES.yearDigits,
    })
    .int(FILE_MESSAGES.yearDigits)
    .min(FIRST_YEAR, FILE_MESSAGES.yearTooEarly)
    .refine((year) => year <= new Date().getFullYear() + 1, FILE_MESSAGES.yearTooLate),
);

/** Fields that come with an uploaded PDF. */
export const uploadFieldsSchema = z.object({
  book: textSchema({ error: FILE_MESSAGES.bookRequired }).trim().min(1, FILE_MESSAGES.bookRequired),
  language: textSchema({ error: FILE_MESSAGES.languageRequired }).trim().min(1, FILE_MESSAGES.languageRequired),
  year: yearSchema,
  month: monthSchema,
});
export type UploadFields = z.input<typeof uploadFieldsSchema>;

/** An edition's file record as it travels on the wire (the legacy field names). */
export const fileRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  ...editionFieldsSchema.shape,
  file_size: z.number(),
  file_path: z.string(),
  file_mime_type: z.string(),
  created: z.string(),
  name: z.string(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

/**
 * The member's home: this month's editions of every book in the languages shown, `file` null where that edition
 * is not out yet; and next month's editions in those languages that are out already (uploaded early, decision
 * 040). The languages shown are those the member picked with the home's language switch (`languages` in the
 * query) that this month has editions in, else the member's edition languages (decision 041: chosen, else of
 * their downloads, else of their interface's locale, else the first added), at most three. `languageChoices`
 * are what the switch offers: every language this month has editions in, the member's own first. Each edition of
 * this month has today's reading where its day map has today (in the portal's time zone, as the month is).
 */
/**
 * Today's reading in an edition of this month whose day map has today (issue 33): the day, its first page, and the
 * first lines of that page's text (none until the PDF has been read).
 */
export const todaySchema = z.object({ day: z.number(), page: z.number(), lines: z.array(z.string()) });
export type Today = z.infer<typeof todaySchema>;

export const thisMonthSchema = z.object({
  year: z.number(),
  month: z.number(),
  /** The names of the languages shown. */
  languages: z.array(z.string()),
  /** The ids of the languages shown. */
  languageIds: z.array(z.string()),
  languageChoices: z.array(z.object({ id: z.string(), name: z.string() })),
  editions: z.array(
    z.object({
      book: z.string(),
      language: z.string(),
      file: fileRecordSchema.nullable(),
      /** Null without an edition, a day map or today in it. */
      today: todaySchema.nullable(),
    }),
  ),
  nextMonth: z.object({ year: z.number(), month: z.number(), files: z.array(fileRecordSchema) }),
});
export type ThisMonth = z.infer<typeof thisMonthSchema>;

/** The home's query: the interface's locale, and the languages picked with its switch (ids, comma-separated). */
export const thisMonthQuerySchema = z.object({
  locale: z.enum(LOCALES as [Locale, ...Locale[]]).optional(),
  languages: z
    .string()
    .max(2000)
    .transform((text) => text.split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id)))
    .optional(),
});

export const editionLookupSchema = z.object({
  name: textSchema().trim().min(1, FILE_MESSAGES.bookRequired),
  language: textSchema({ error: FILE_MESSAGES.selectionMissing }).trim().min(1, FILE_MESSAGES.selectionMissing),
  month: monthSchema,
  year: yearSchema,
});

export const editionLanguagesQuerySchema = z.object({
  book: textSchema().trim().min(1, FILE_MESSAGES.bookRequired),
  month: monthSchema,
  year: yearSchema,
});

/** `book`: the book whose editions' months are asked for (the download panel offers only those). */
export const editionMonthsQuerySchema = z.object({
  book: textSchema().trim().min(1, FILE_MESSAGES.bookRequired),
});

/** A month that has the book's edition, and the languages it has it in, sorted by name. */
export const editionMonthSchema = z.object({ year: z.number(), month: z.number(), languages: z.array(z.string()) });
export type EditionMonth = z.infer<typeof editionMonthSchema>;

/** A language that has the book's edition for the month asked (`/api/editions/languages`, the original's shape). */
export const editionLanguageSchema = z.object({ book_language: z.string() });
export type EditionLanguage = z.infer<typeof editionLanguageSchema>;

/** A short-lived link the browser's download manager opens, and the readable name the edition is saved under. */
export const downloadLinkSchema = z.object({ url: z.string(), name: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** The ids of the editions whose PDF the store does not have (each needs uploading again). */
export const missingFilesSchema = z.object({ ids: z.array(z.string()) });
export type MissingFiles = z.infer<typeof missingFilesSchema>;

export const downloadRecordSchema = z.object({
  user: z.string().optional(),
  file: z.string({ error: FILE_MESSAGES.fileNotFound }).min(1, FILE_MESSAGES.fileNotFound),
});

/** `Teevo-English-2025-03.pdf`: the name a downloaded edition is saved under. */
export function editionFileName(book: string, language: string, year: number, month: number): string {
  const part = (text: string) => text.trim().replace(/[\\/:*?"<>|\s]+/g, '-');
  return `${part(book)}-${part(language)}-${year}-${String(month).padStart(2, '0')}.pdf`;
}

export const EDITION_SORT_FIELDS = ['edition', 'book_name', 'book_language', 'file_size'] as const;
export type EditionSortField = (typeof EDITION_SORT_FIELDS)[number];

/** A page of the editions members can download: newest edition first unless sorted otherwise. */
export const editionPageQuerySchema = pageQuerySchema.extend({
  /** Words that must each appear in the book, the language, the month's name or the year. */
  search: textSchema().trim().max(200).default(''),
  language: textSchema().trim().max(200).optional(),
  book: textSchema().trim().max(200).optional(),
  /** The last month listed, `2026-11`: the member's earlier editions leave out those of the months to come. */
  to: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM')
    .transform((text) => ({ year: Number(text.slice(0, 4)), month: Number(text.slice(5)) }))
    .optional(),
  sortField: z.enum(EDITION_SORT_FIELDS).default('edition'),
  sortOrder: sortOrderSchema.default(-1),
});
export type EditionPageQuery = z.input<typeof editionPageQuerySchema>;

export const editionPageSchema = z.object({ items: z.array(fileRecordSchema), total: z.number() });
export type EditionPage = z.infer<typeof editionPageSchema>;
