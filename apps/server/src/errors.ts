import { MESSAGES } from '@portal/contract';

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

/** Busboy reports a broken multipart body with plain errors (no status): the client's fault, not ours. */
export async function receiving<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if ((error as { statusCode?: number } | null)?.statusCode) throw error;
    throw new BadRequest(MESSAGES.brokenUpload);
  }
}
