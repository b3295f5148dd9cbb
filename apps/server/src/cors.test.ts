import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestAccount, nextAddress, type TestApp } from '../test/app.ts';

const LISTED = 'https://front.example.org';
const UNLISTED = 'https://elsewhere.example.net';

describe('front ends on other sites (CORS_ORIGINS, COOKIE_SAMESITE)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      CORS_ORIGINS: `${LISTED},http://localhost:3000`,
      COOKIE_SAMESITE: 'none',
      PUBLIC_URL: 'https://portal.example.org',
    });
  });
  afterAll(() => app.close());

  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/accounts/authenticate',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });

  it('answers a listed origin’s preflight with that origin, credentials, methods and headers', async () => {
    const response = await preflight(LISTED);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe('Content-Type, Authorization');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('gives an unlisted origin no CORS headers, in a preflight or a request', async () => {
    const refused = await preflight(UNLISTED);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    const request = await app.inject({ url: '/api/church/getAll', headers: { origin: UNLISTED } });
    expect(request.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a listed origin sign in and sets the refresh cookie with SameSite=None and Secure', async () => {
    const { account, password } = await createTestAccount(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/authenticate',
      headers: { origin: LISTED },
      payload: { email: account.email, password },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const cookie = response.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });
  });
});

describe('without CORS_ORIGINS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('stays same-origin only: no CORS headers for anyone, and a Strict cookie', async () => {
    const request = await app.inject({ url: '/api/church/getAll', headers: { origin: LISTED } });
    expect(request.headers['access-control-allow-origin']).toBeUndefined();
    const { account, password } = await createTestAccount(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/authenticate',
      payload: { email: account.email, password },
      remoteAddress: nextAddress(),
    });
    expect(response.cookies.find((c) => c.name === 'refreshToken')).toMatchObject({ sameSite: 'Strict' });
  });
});
