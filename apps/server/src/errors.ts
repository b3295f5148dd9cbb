import { KNOWN_MESSAGES, MESSAGES } from '@portal/contract';
import type { z } from 'zod';

/** An error whose message is safe to show to the user, with the HTTP status it answers. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string) {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** How the API words a failed check of a field: the contract's own sentences as they are, any other after the field's name. */
export const fieldMessage = (field: string, message: string) =>
  KNOWN_MESSAGES.has(message) ? message : `${field}: ${message}`;

/** Input that fails its contract schema where no route schema checks it (multipart fields). */
export function invalidInput(error: z.ZodError): BadRequest {
  const [issue] = error.issues;
  return new BadRequest(fieldMessage(issue?.path.join('.') || 'request', issue?.message ?? 'Invalid input'));
}

/**
 * Busboy reports a broken multipart body (no boundary, cut short) with plain errors (no status): the
 * client's fault, not ours. A system error, such as a full disk, stays ours.
 */
export async function receiving<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const failure = error as { statusCode?: number; syscall?: string } | null;
    if (failure?.statusCode || failure?.syscall) throw error;
    throw new BadRequest(MESSAGES.brokenUpload);
  }
}
