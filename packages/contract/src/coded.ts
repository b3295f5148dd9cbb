import { z } from 'zod';

/** The values a coded message's translation fills in. */
export type MessageParams = Record<string, string | number>;

/** A message with parameters: its code, the values, and the English the API has always sent. */
export interface CodedMessage {
  code: string;
  params: MessageParams;
  message: string;
}

export const coded = (code: string, params: MessageParams, message: string): CodedMessage => ({
  code,
  params,
  message,
});

/** An API error's body: the English `message` older clients show, its code and parameters for those that translate. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
