import { MESSAGES } from '@portal/contract';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../testing/server.ts';
import { refreshRoute, session } from '../testing/session.ts';
import { ApiError, api, isNoAnswer, urlOf } from './api-client.ts';
import { changeLocale, i18n } from './i18n/i18n.ts';
import { endSession, getSession, startSession } from './session/session-store.ts';

/** The Authorization header of each request to the path, in order. */
function recordTokens(method: 'get' | 'post', path: string, answer: (token: string | null) => Response) {
  const seen: (string | null)[] = [];
  server.use(
    http[method](path, ({ request }) => {
      const token = request.headers.get('Authorization');
      seen.push(token);
      return answer(token);
    }),
  );
  return seen;
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to fail');
  return error;
};

beforeEach(() => startSession(session('old')));
afterEach(() => endSession('signed-out'));

describe('urlOf', () => {
  it('puts each parameter in its place, encoded, and the query fields that are defined', () => {
    expect(urlOf('/files/:id/download-link', { id: 'a/b c' })).toBe('/files/a%2Fb%20c/download-link');
    expect(urlOf('/editions/lookup', {}, { name: 'Teevo & Co', language: 'English', year: undefined })).toBe(
      '/editions/lookup?name=Teevo+%26+Co&language=English',
    );
    expect(urlOf('/files')).toBe('/files');
  });
});

describe('the endpoint table types the calls', () => {
  it('refuses a path not in the table, a missing parameter, and a query or body the endpoint has not', () => {
    const typed = () => {
      // @ts-expect-error a misspelled path is not in the contract's table
      void api.get('/editions/lokup');
      // @ts-expect-error a path with a parameter needs it
      void api.get('/files/:id');
      // @ts-expect-error the look-up has no query field `title`
      void api.get('/editions/lookup', { query: { title: 'Teevo' } });
      // @ts-expect-error the body is the table's: `email`, not `mail`
      void api.post('/accounts/forgot-password', { body: { mail: 'a@example.org' } });
      // The answer's type is the table's: a file record has its size.
      return api
        .get('/editions/lookup', { query: { name: 'Teevo' } })
        .then((record) => record.file_size satisfies number);
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('api', () => {
  it('sends the access token and returns the JSON answer', async () => {
    const seen = recordTokens('get', '/api/books', () => HttpResponse.json([{ id: 'b1' }]));
    await expect(api.get('/books')).resolves.toEqual([{ id: 'b1' }]);
    expect(seen).toEqual(['Bearer old']);
  });

  it('sends a body as JSON and answers undefined to an empty answer', async () => {
    server.use(
      http.post('/api/books', async ({ request }) => {
        expect(request.headers.get('Content-Type')).toBe('application/json');
        expect(await request.json()).toEqual({ name: 'Teevo' });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(api.post('/books', { body: { name: 'Teevo' } })).resolves.toBeUndefined();
  });

  it('refreshes an expired access token once, then sends the request again with the new one', async () => {
    const refresh = refreshRoute(['new']);
    server.use(refresh.handler);
    const seen = recordTokens('get', '/api/books', (token) =>
      token === 'Bearer new' ? HttpResponse.json(['ok']) : HttpResponse.json({ message: 'expired' }, { status: 401 }),
    );
    await expect(api.get('/books')).resolves.toEqual(['ok']);
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(refresh.calls.count).toBe(1);
    expect(getSession().accessToken).toBe('new');
  });

  it('refreshes only once: a second 401 ends the session as refused', async () => {
    const refresh = refreshRoute(['new', 'newer']);
    server.use(refresh.handler);
    const seen = recordTokens('get', '/api/books', () => HttpResponse.json({ message: 'expired' }, { status: 401 }));
    const error = await failure(api.get('/books'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(refresh.calls.count).toBe(1);
    expect(getSession()).toMatchObject({ user: null, accessToken: null, ended: 'refused' });
  });

  it('does not refresh for a visitor (no session)', async () => {
    endSession('signed-out');
    const refresh = refreshRoute(['new']);
    server.use(refresh.handler);
    recordTokens('get', '/api/books', () => HttpResponse.json({ message: 'Sign in' }, { status: 401 }));
    expect(await failure(api.get('/books'))).toMatchObject({ status: 401 });
    expect(refresh.calls.count).toBe(0);
    expect(getSession().ended).toBe('signed-out');
  });

  it('ends the session on a 403 that denies it, and keeps it on a 403 refusing one action', async () => {
    server.use(
      http.delete('/api/accounts/:id', ({ params }) =>
        HttpResponse.json(
          params.id === 'super'
            ? { message: 'Only a Super Admin manages Super Admins.' }
            : { message: MESSAGES.denied, code: 'common.denied' },
          { status: 403 },
        ),
      ),
    );
    expect(await failure(api.delete('/accounts/:id', { params: { id: 'super' } }))).toMatchObject({ status: 403 });
    expect(getSession().accessToken).toBe('old');
    expect(await failure(api.delete('/accounts/:id', { params: { id: 'someone' } }))).toMatchObject({
      status: 403,
      message: MESSAGES.denied,
    });
    expect(getSession()).toMatchObject({ user: null, ended: 'refused' });
  });

  it('translates the server’s message by its code into the locale shown', async () => {
    server.use(
      http.get('/api/files/:id', () =>
        HttpResponse.json({ message: 'Resource is not found.', code: 'common.notFound' }, { status: 404 }),
      ),
    );
    await changeLocale('fr', { remember: false });
    try {
      const error = await failure(api.get('/files/:id', { params: { id: '42' } }));
      expect(error.message).toBe(i18n.t('messages.common.notFound'));
      expect(error.message).not.toBe('Resource is not found.');
      expect((error as ApiError).body).toEqual({ message: 'Resource is not found.', code: 'common.notFound' });
    } finally {
      await changeLocale('en', { remember: false });
    }
  });

  it('keeps a message without a known code as the server wrote it', async () => {
    server.use(
      http.get('/api/books', () => HttpResponse.json({ message: 'Plain words', code: 'no.such' }, { status: 400 })),
    );
    expect(await failure(api.get('/books'))).toMatchObject({ message: 'Plain words', status: 400 });
  });

  it('says the server could not be reached when no answer came (status 0)', async () => {
    server.use(http.get('/api/books', () => HttpResponse.error()));
    const error = await failure(api.get('/books'));
    expect(error).toMatchObject({ status: 0, message: i18n.t('api.noAnswer') });
    expect(isNoAnswer(error)).toBe(true);
    expect(isNoAnswer(new ApiError('x', 500))).toBe(false);
  });

  it('takes a proxy’s HTML error page as a failure with its status, never a parse error', async () => {
    server.use(
      http.get('/api/books', () =>
        HttpResponse.html('<html><body>502 Bad Gateway</body></html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    expect(await failure(api.get('/books'))).toMatchObject({ name: 'ApiError', status: 502, message: 'Bad Gateway' });
    // One that claims to be JSON.
    server.use(
      http.get(
        '/api/books',
        () => new HttpResponse('<h1>oops', { status: 500, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    expect(await failure(api.get('/books'))).toMatchObject({ name: 'ApiError', status: 500, body: undefined });
  });

  it('says an unreadable successful answer could not be read', async () => {
    server.use(
      http.get('/api/books', () => new HttpResponse('[{"id":', { headers: { 'Content-Type': 'application/json' } })),
    );
    expect(await failure(api.get('/books'))).toMatchObject({ status: 200, message: i18n.t('api.unreadable') });
  });

  it('keeps a cancelled request an AbortError, as TanStack Query expects', async () => {
    server.use(
      http.get('/api/books', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const cancel = new AbortController();
    const call = api.get('/books', { signal: cancel.signal });
    cancel.abort();
    const error = await failure(call);
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('api.file', () => {
  it('asks for the byte range and hands back the answer unread', async () => {
    const ranges: (string | null)[] = [];
    server.use(
      http.get('/api/files/:id/download', ({ request }) => {
        ranges.push(request.headers.get('Range'));
        return new HttpResponse(new Uint8Array([1, 2, 3]), {
          status: 206,
          headers: { 'Content-Type': 'application/pdf', 'Content-Range': 'bytes 0-2/10' },
        });
      }),
    );
    const response = await api.file('/files/:id/download', { params: { id: '7' }, range: { start: 0, end: 2 } });
    expect(ranges).toEqual(['bytes=0-2']);
    expect(response.status).toBe(206);
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
    await api.file('/files/:id/download', { params: { id: '7' } });
    expect(ranges).toEqual(['bytes=0-2', null]);
  });

  it('refreshes on a 401 and asks for the same range again', async () => {
    const refresh = refreshRoute(['new']);
    server.use(refresh.handler);
    const seen: string[] = [];
    server.use(
      http.get('/api/files/:id/download', ({ request }) => {
        seen.push(`${request.headers.get('Authorization')} ${request.headers.get('Range')}`);
        return request.headers.get('Authorization') === 'Bearer new'
          ? new HttpResponse(new Uint8Array([9]), { status: 206 })
          : HttpResponse.json({ message: 'expired' }, { status: 401 });
      }),
    );
    const response = await api.file('/files/:id/download', { params: { id: '7' }, range: { start: 5, end: 5 } });
    expect(await response.arrayBuffer()).toHaveProperty('byteLength', 1);
    expect(seen).toEqual(['Bearer old bytes=5-5', 'Bearer new bytes=5-5']);
  });

  it('throws the server’s message for a file it refuses', async () => {
    server.use(
      http.get('/api/files/:id/download', () =>
        HttpResponse.json({ message: 'Resource is not found.', code: 'common.notFound' }, { status: 404 }),
      ),
    );
    expect(await failure(api.file('/files/:id/download', { params: { id: '7' } }))).toMatchObject({
      status: 404,
      message: i18n.t('messages.common.notFound'),
    });
  });
});

describe('api.upload', () => {
  it('posts the form with the session and answers the server’s JSON', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/files', ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({ name: 'Teevo_English_2026_01.pdf' }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('file', new File(['%PDF-1.7'], 'Teevo_English_2026_01.pdf', { type: 'application/pdf' }));
    await expect(api.upload('/files', form, () => undefined)).resolves.toEqual({ name: 'Teevo_English_2026_01.pdf' });
    expect(seen).toEqual(['Bearer old']);
  });

  it('says the server could not be reached when the upload gets no answer', async () => {
    server.use(http.post('/api/files', () => HttpResponse.error()));
    expect(await failure(api.upload('/files', new FormData(), () => undefined))).toMatchObject({ status: 0 });
  });
});
