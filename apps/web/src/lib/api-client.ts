import {
  type BodyOf,
  type Endpoint,
  type ErrorBody,
  type FilePath,
  isErrorBody,
  MESSAGES,
  type ParamsOf,
  type PathOf,
  type QueryOf,
  type ResponseOf,
} from '@portal/contract';
import { translateCoded } from './i18n/coded.ts';
import { i18n } from './i18n/i18n.ts';
import { notePortalAnswer } from './portal-reach.ts';
import { refreshSession } from './session/session-refresh.ts';
import { endSession, getSession } from './session/session-store.ts';

/** A failed call: its message in the active locale, and the English body the server sent, when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(message: string, status: number, body?: ErrorBody) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** The status of an ApiError that never reached the server (no connection, connection lost). */
const NO_ANSWER = 0;
const noAnswer = () => new ApiError(i18n.t('api.noAnswer'), NO_ANSWER);

/** Whether a failure was the server not being reached at all (offline, connection lost). */
export const isNoAnswer = (error: unknown) => error instanceof ApiError && error.status === NO_ANSWER;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface FileRequest {
  range?: { start: number; end: number };
  signal?: AbortSignal;
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** What came back, whichever browser API carried the request. */
interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  contentType: string | null;
  text: string;
}

/** Sends the request with the given headers (the access token among them); may be called twice. */
type Send = (headers: Headers) => Promise<Answer>;

/** fetch, with a failure to reach the server as an ApiError. */
async function fetchOrNoAnswer(url: string, init: RequestInit) {
  try {
    const response = await fetch(url, init);
    notePortalAnswer(true);
    return response;
  } catch (error) {
    // A cancelled query stays an AbortError, which TanStack Query expects.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    notePortalAnswer(false);
    throw noAnswer();
  }
}

/** An answer as `call` reads it; the body of a successful one only when `readOk` (a file's is read by its caller). */
async function answerOf(response: Response, readOk = true): Promise<Answer> {
  const { ok, status, statusText } = response;
  const text = ok && !readOk ? '' : await response.text();
  return { ok, status, statusText, contentType: response.headers.get('Content-Type'), text };
}

async function sendWithFetch(method: Method, url: string, { body, signal }: RequestOptions, headers: Headers) {
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const response = await fetchOrNoAnswer(url, {
    method,
    headers,
    signal: signal ?? null,
    body: body === undefined ? null : isForm ? body : JSON.stringify(body),
  });
  return answerOf(response);
}

/** POSTs a form through XMLHttpRequest, the one browser API that reports how much of a request was sent. */
function sendWithProgress(url: string, form: FormData, onProgress: (percent: number) => void, headers: Headers) {
  return new Promise<Answer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of headers) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      resolve({
        ok: request.status >= 200 && request.status < 300,
        status: request.status,
        statusText: request.statusText,
        contentType: request.getResponseHeader('Content-Type'),
        text: request.responseText,
      });
    request.onerror = () => reject(noAnswer());
    request.send(form);
  });
}

/** The parsed body: JSON when the server says so, text otherwise, undefined when empty. */
function payloadOf({ ok, status, contentType, text }: Answer): unknown {
  if (!text) return undefined;
  if (!contentType?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's error page or an answer cut short: a failure like any other, never a raw SyntaxError.
    if (ok) throw new ApiError(i18n.t('api.unreadable'), status);
    return undefined;
  }
}

const errorOf = (body: unknown): ErrorBody | undefined => (isErrorBody(body) ? body : undefined);

/** Sends with the session's access token and returns the parsed answer; a failure throws ApiError. */
async function call<T>(send: Send, retried = false): Promise<T> {
  const { accessToken } = getSession();
  const headers = new Headers({ Accept: 'application/json' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);

  const answer = await send(headers);
  const payload = payloadOf(answer);
  if (answer.ok) return payload as T;

  // An access token that expired while the computer slept (or during a long upload), or none yet because the
  // page opened offline: one refresh, then again.
  if (answer.status === 401 && getSession().user && !retried && (await refreshSession())) return call<T>(send, true);
  // A 403 with its own reason (say, only a Super Admin manages Super Admins) refuses one action, not the session.
  const error = errorOf(payload);
  const sessionRefused = answer.status === 401 || (answer.status === 403 && error?.message === MESSAGES.denied);
  // The session is over, unless a failed refresh already ended it; pages that need one then send the person to sign in.
  if (sessionRefused && accessToken && getSession().user) endSession('refused');
  const message = error ? translateCoded(error) : answer.statusText || `HTTP ${answer.status}`;
  throw new ApiError(message, answer.status, error);
}

const request = <T>(method: Method, path: string, options: RequestOptions = {}) =>
  call<T>((headers) => sendWithFetch(method, `/api${path}`, options, headers));

type EndpointOf<M extends Method, Path extends PathOf<M>> = Extract<`${M} ${Path}`, Endpoint>;

/** The body of a call: the table's JSON, or a form (an upload) where the table has none. */
type CallBody<E extends Endpoint> = [BodyOf<E>] extends [never] ? FormData : BodyOf<E>;

/** A call's options: its path parameters (required when the path has some), its query, its body, its signal. */
type CallOptions<M extends Method, Path extends PathOf<M>> = {
  query?: QueryOf<EndpointOf<M, Path>>;
  body?: M extends 'GET' ? never : CallBody<EndpointOf<M, Path>>;
  signal?: AbortSignal | undefined;
} & (keyof ParamsOf<Path> extends never ? { params?: never } : { params: ParamsOf<Path> });

/** The path of a table's pattern, each `:name` its parameter encoded, and the query's defined fields after `?`. */
export function urlOf(
  pattern: string,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
) {
  const path = pattern.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls an endpoint of the contract's table (`ENDPOINTS`) by its pattern, typed by its answer. */
const caller =
  <M extends Method>(method: M) =>
  <Path extends PathOf<M>>(
    path: Path,
    ...[options]: keyof ParamsOf<Path> extends never ? [CallOptions<M, Path>?] : [CallOptions<M, Path>]
  ) =>
    request<ResponseOf<EndpointOf<M, Path>>>(method, urlOf(path, options?.params, options?.query), {
      body: options?.body,
      signal: options?.signal,
    });

/** Calls the portal's API under `/api`; every answer other than 2xx throws ApiError with the server's message, translated. */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  delete: caller('DELETE'),
  /**
   * GETs a file of the contract's FILE_ENDPOINTS, or the bytes `start` to `end` (inclusive) of it, as the response
   * to read as the caller needs (a stream, a blob); signed in and refused as every other call.
   */
  file: async <Path extends FilePath>(
    pattern: Path,
    { params, range, signal }: FileRequest & { params: ParamsOf<Path> },
  ): Promise<Response> => {
    const path = urlOf(pattern, params);
    let file: Response | undefined;
    await call((headers) => {
      if (range) headers.set('Range', `bytes=${range.start}-${range.end}`);
      // Not kept in the browser's HTTP cache, where signing out could not reach it.
      return fetchOrNoAnswer(`/api${path}`, { headers, signal: signal ?? null, cache: 'no-store' }).then((response) => {
        if (response.ok) file = response;
        return answerOf(response, false);
      });
    });
    return file as Response;
  },
  /** POSTs a form, reporting the share of it sent so far (0 to 100), for a progress bar. */
  upload: <Path extends PathOf<'POST'>>(path: Path, form: FormData, onProgress: (percent: number) => void) =>
    call<ResponseOf<EndpointOf<'POST', Path>>>((headers) => sendWithProgress(`/api${path}`, form, onProgress, headers)),
};
