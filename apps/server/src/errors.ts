import {
  CONTROL_CHARACTERS_MESSAGE,
  type CodedMessage,
  coded,
  type ErrorBody,
  MESSAGE_CODES,
  MESSAGES,
} from '@portal/contract';
import type { z } from 'zod';
import { ORIGINAL_WORDS } from './original-words.ts';

/**
 * A message as the API answers it: the contract's own with its code (in the original API's words where that
 * API refused the same thing), any other as it is.
 */
export function errorBody(message: string | CodedMessage): ErrorBody {
  if (typeof message !== 'string') return message;
  const code = MESSAGE_CODES.get(message);
  return code ? { message: ORIGINAL_WORDS.get(message) ?? message, code } : { message };
}

/** An error whose message is safe to show to the user, with the HTTP status it answers. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;

  constructor(statusCode: number, message: string | CodedMessage, options?: ErrorOptions) {
    const body = errorBody(message);
    super(body.message, options);
    this.statusCode = statusCode;
    this.body = body;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string | CodedMessage) {
    super(400, message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string | CodedMessage) {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string | CodedMessage) {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message: string | CodedMessage) {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string | CodedMessage) {
    super(409, message);
  }
}

/**
 * The file store did not answer (a bucket stopped, frozen or failing itself): nothing was saved or sent. Its
 * cause is for the log, never the answer.
 */
export class StorageUnreachable extends HttpError {
  constructor(cause: unknown) {
    super(503, MESSAGES.storageUnreachable, { cause });
  }
}

/**
 * How the API words a failed check of a field: the contract's own sentences as they are, any other after the
 * field's name ("fullName: must not contain control characters"), coded with the field as a parameter.
 */
export function fieldMessage(field: string, message: string): string | CodedMessage {
  if (MESSAGE_CODES.has(message)) return message;
  const code = message === CONTROL_CHARACTERS_MESSAGE ? 'common.controlCharacters' : 'common.invalidField';
  return coded(code, { field }, `${field}: ${message}`);
}

/** A zod issue's message, with the code and parameters a contract refinement put in its params. */
export function issueMessage(issue: z.core.$ZodIssue): string | CodedMessage {
  const params = 'params' in issue ? (issue.params as Partial<CodedMessage> | undefined) : undefined;
  return params?.code && params.params ? coded(params.code, params.params, issue.message) : issue.message;
}

/** Input that fails its contract schema where no route schema checks it (multipart fields). */
export function invalidInput(error: z.ZodError): BadRequest {
  const [issue] = error.issues;
  if (!issue) return new BadRequest(fieldMessage('request', 'Invalid input'));
  const message = issueMessage(issue);
  return new BadRequest(
    typeof message === 'string' ? fieldMessage(issue.path.join('.') || 'request', message) : message,
  );
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
