import { z } from 'zod';
import { FILE_MESSAGES, fileRecordSchema } from './files.ts';
import { textSchema } from './text.ts';

export const TRANSLATION_MESSAGES = {
  createByUpload: 'Editions are created by uploading their PDF (POST /api/files/uploadfile), not here.',
  editionExists: 'This book already has a file in that language for the same month.',
} as const;

/** An edition file in the legacy translation shape. */
export const translationSchema = fileRecordSchema.pick({
  _id: true,
  id: true,
  file_path: true,
  file_mime_type: true,
  book_language: true,
});
export type Translation = z.infer<typeof translationSchema>;

/** The only change a translation record takes: the language (by name) its file belongs to. */
export const translationUpdateSchema = z.object({
  book_language: textSchema({ error: FILE_MESSAGES.languageRequired }).trim().min(1, FILE_MESSAGES.languageRequired),
});
export type TranslationUpdate = z.input<typeof translationUpdateSchema>;
