import { MESSAGES } from '@portal/contract';
import { refreshSession } from './session/session-refresh.ts';
import { endSession, getSession } from './session/session-store.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return response.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : text;
}

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;

/** Calls `/api${path}` and returns its parsed answer (undefined when empty); a failure throws ApiError. */
export async function apiRequest<T>(
  method: Method,
  path: string,
  { body, signal }: RequestOptions = {},
  retried = false,
): Promise<T> {
  const { accessToken } = getSession();
  const headers = new Headers({ Accept: 'application/json' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    signal: signal ?? null,
    body: body === undefined ? null : isForm ? body : JSON.stringify(body),
  });
  const payload = await readBody(response);
  if (response.ok) return payload as T;

  // An access token that expired while the computer slept: one refresh, then the same request again.
  if (response.status === 401 && accessToken && !retried && (await refreshSession())) {
    return apiRequest<T>(method, path, { body, signal }, true);
  }
  // A 403 with its own reason (say, only a Super Admin manages Super Admins) refuses one action, not the session.
  const sessionRefused = response.status === 401 || (response.status === 403 && messageOf(payload) === MESSAGES.denied);
  // The session is over, unless a failed refresh already ended it; pages that need one then send the person to sign in.
  if (sessionRefused && accessToken && getSession().user) endSession('refused');
  throw new ApiError(messageOf(payload) ?? response.statusText, response.status);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('DELETE', path, { ...options, body }),
};
