import { MESSAGES } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDiskFull, isUniqueViolation } from '../db/errors.ts';
import { errorBody, fieldMessage, HttpError, StorageUnreachable } from '../errors.ts';

/** Statuses of Fastify's own client errors whose messages are safe and useful to show. */
const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_REQ_FILE_TOO_LARGE: MESSAGES.bodyTooLarge,
};

function validationMessage(error: { validation: { instancePath: string; message?: string }[] }, context?: string) {
  const first = error.validation[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
  return fieldMessage(field, first?.message ?? 'Invalid input');
}

/**
 * One place that turns every failure into `{ message }`: typed HttpErrors and validation errors keep
 * their message; anything unexpected is logged with the request id and answered generically.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body has all arrived (an upload cut off by its store, a caller refused as it sends):
    // the rest would hold the next request on this connection until the keep-alive timeout, so it closes.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof StorageUnreachable) {
      request.log.error({ err: error.cause }, 'the file store does not answer: nothing was saved or sent');
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody(validationMessage(error, error.validationContext)));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'the disk is full: nothing was saved');
      return reply.status(507).send(errorBody(MESSAGES.storageFull));
    }
    // A unique key caught a write that its service's own check let through (a concurrent request).
    if (isUniqueViolation(error)) return reply.status(409).send(errorBody(MESSAGES.conflict));
    const friendly = error.code ? friendlyMessages[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (friendly) return reply.status(status).send(errorBody(friendly));
    if (status === 429) return reply.status(429).send(errorBody(error.message || MESSAGES.tooManyRequests));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send(errorBody(error.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody(MESSAGES.unexpected));
  });
}
