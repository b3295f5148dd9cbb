import { z } from 'zod';

/** OpenAPI: the route needs `Authorization: Bearer <jwtToken>`. */
export const security = [{ bearer: [] }];

/** `:id` in a path; ids that aren't uuids are simply not found. */
export const idParams = z.object({ id: z.string() });
