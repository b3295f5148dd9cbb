import { z } from 'zod';

/** What the browser needs to know about this installation (GET /api/config). */
export const publicConfigSchema = z.object({
  links: z.object({
    home: z.url(),
    sponsor: z.url(),
    audio: z.url(),
    braille: z.url(),
    publications: z.url(),
    teaserVideo: z.url(),
    /** The installation's own terms and privacy notice; without them the web app shows its built-in page. */
    terms: z.url().optional(),
    privacy: z.url().optional(),
  }),
  /** Who runs the portal (the built-in terms page names them). */
  operator: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** Whether DATA_DIR takes a write (uploads, mail outbox, the embedded database): `full` when the disk is. */
  storage: z.enum(['writable', 'full', 'unwritable']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
