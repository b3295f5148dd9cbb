import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { stdSerializers } from 'pino';
import type { Config } from './config.ts';

/** Query parameters that carry a secret: download links, and the pages mailed links open. */
const SECRET_PARAMETER = /([?&](?:token|refreshToken|jwtToken)=)[^&#\s]*/gi;

/** A URL or path as it may be logged: every token in its query string replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMETER, '$1[redacted]');

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as Partial<QueryError>).query === 'string' && 'params' in error;

/**
 * A failed database statement as it may be logged: its kind and what PostgreSQL said of it (SQLSTATE,
 * constraint, table, column), never its parameters nor the values PostgreSQL quotes (hashes, e-mails).
 */
function queryFailure(error: QueryError) {
  const cause = (error.cause ?? {}) as Record<string, unknown>;
  const kind = error.query.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? 'unknown';
  const pick = (key: string) => (typeof cause[key] === 'string' ? cause[key] : undefined);
  const message = `A ${kind} statement failed`;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
    code: pick('code'),
    constraint: pick('constraint'),
    table: pick('table'),
    column: pick('column'),
  };
}

/** Errors without secrets: a database failure loses its statement's parameters. */
export const serializeError = (error: Error) => (isQueryError(error) ? queryFailure(error) : stdSerializers.err(error));

/**
 * Logs without secrets: no token from headers (authorization, cookies) nor from URLs, no parameter of a
 * failed statement. `stream` receives the lines instead of standard output (tests read them).
 */
export function loggerOptions(config: Config, stream?: Writable): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
  };
  if (config.env === 'development') {
    return { ...options, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } };
  }
  return options;
}

/**
 * One line per request, written when its answer is sent: method, URL (tokens redacted), status and time.
 * Fastify's line for each incoming request is left out.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
