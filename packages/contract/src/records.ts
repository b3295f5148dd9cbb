import { z } from 'zod';
import { textSchema } from './text.ts';

/**
 * Identity and timestamps of a back-office record on the wire: `_id` repeats `id` for clients
 * written against the legacy MongoDB API.
 */
export const recordSchema = z.object({
  id: z.string(),
  _id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Longest name of a record that is just a name (book, language). */
export const MAX_RECORD_NAME_LENGTH = 100;

/** A record that is just a name. */
export const namedRecordSchema = recordSchema.extend({ name: z.string() });

/** The form of a record that is just a name: trimmed, required, not too long, each with its message. */
export const namedInputSchema = (messages: { nameRequired: string; nameTooLong: string }) =>
  z.object({
    name: textSchema({ error: messages.nameRequired })
      .trim()
      .min(1, messages.nameRequired)
      .max(MAX_RECORD_NAME_LENGTH, messages.nameTooLong),
  });
