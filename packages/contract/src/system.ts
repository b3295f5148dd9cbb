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

/** Liveness (GET /api/health): the process runs and its event loop answers; no dependency is asked. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** Readiness (GET /api/ready): whether this instance can serve requests now; 503 names what can't. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unready']),
  /** `unmigrated`: it answers, but without the schema this server migrated (recreated empty, or restored from older). */
  database: z.enum(['up', 'down', 'unmigrated']),
  /** Whether the file store takes files: a disk `full` or `unwritable`, a bucket `unreachable`. */
  storage: z.enum(['writable', 'full', 'unwritable', 'unreachable']),
  /** Absent when REDIS_URL is unset; `down` leaves the instance ready (the limits count in its memory meanwhile). */
  redis: z.enum(['up', 'down']).optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
