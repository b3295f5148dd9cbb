import { ACCOUNT_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestAccount,
  expectMessage,
  loginAs,
  nextAddress,
  type TestApp,
} from '../../../test/app.ts';
import { beforeDeadline } from '../../../test/deadline.ts';
import { type RedisServer, startRedisServer, withRedisServer } from '../../../test/redis.ts';

/**
 * Redis gone (its process killed: connections refused, until one starts again on its port) or frozen
 * (SIGSTOP: connections open, nothing answers, until SIGCONT).
 */
const failures = [
  {
    how: 'lost',
    fail: (redis: RedisServer) => redis.kill(),
    recover: (redis: RedisServer) => startRedisServer(redis.port),
  },
  {
    how: 'frozen',
    fail: (redis: RedisServer) => redis.freeze(),
    recover: (redis: RedisServer) => {
      redis.thaw();
      return redis;
    },
  },
];

describe.runIf(withRedisServer).each(failures)(
  'the accounts API with REDIS_URL, once Redis is $how',
  ({ fail, recover }) => {
    let redis: RedisServer;
    let app: TestApp;
    let member: Awaited<ReturnType<typeof loginAs>>;

    beforeAll(async () => {
      redis = await startRedisServer();
      app = await buildTestApp({ REDIS_URL: redis.url, AUTH_RATE_LIMIT: '3' });
      member = await loginAs(app, 'User');
      await fail(redis);
    });
    afterAll(async () => {
      await redis?.kill();
      await app?.close();
    });

    const post = (url: string, payload: object, remoteAddress = nextAddress()) =>
      beforeDeadline(app.inject({ method: 'POST', url, payload, remoteAddress }));

    it('refuses sign-in with 503 and says it is for a moment, the right password too: no guess goes uncounted', async () => {
      const { account, password } = await createTestAccount(app);
      for (const attempt of [password, 'Wrong-password-1']) {
        const response = await post('/api/accounts/authenticate', { email: account.email, password: attempt });
        expectMessage(response, 503, ACCOUNT_MESSAGES.signInUnavailable);
      }
    });

    it('answers registrations, counting each address’s in this instance’s memory', async () => {
      const address = nextAddress();
      const register = (n: number) =>
        post(
          '/api/accounts/register',
          {
            fullName: 'Ama Mensah Owusu',
            email: `ama${n}@example.org`,
            password: 'Strong-pass-1',
            confirmPassword: 'Strong-pass-1',
            acceptTerms: true,
          },
          address,
        );
      for (const n of [1, 2, 3]) expectMessage(await register(n), 200, ACCOUNT_MESSAGES.registered);
      expectMessage(await register(4), 429, MESSAGES.tooManyRequests);
    });

    it('answers forgot-password, counting each account’s requests in memory', async () => {
      const forgot = () => post('/api/accounts/forgot-password', { email: member.account.email });
      expectMessage(await forgot(), 200, ACCOUNT_MESSAGES.resetSent);
      expectMessage(await forgot(), 200, ACCOUNT_MESSAGES.resetSent);
      expectMessage(await forgot(), 429, MESSAGES.tooManyRequests);
    });

    it('keeps a signed-in person’s session and checks of their password', async () => {
      const refreshed = await beforeDeadline(
        app.inject({
          method: 'POST',
          url: '/api/accounts/refresh-token',
          cookies: { refreshToken: member.refreshToken },
          remoteAddress: nextAddress(),
        }),
      );
      expect(refreshed.statusCode).toBe(200);
      const check = await beforeDeadline(
        app.inject({
          method: 'PUT',
          url: `/api/accounts/${member.account.id}`,
          headers: { authorization: `Bearer ${refreshed.json().jwtToken}` },
          payload: { password: 'Another-pass-1', confirmPassword: 'Another-pass-1', currentPassword: 'Not-mine-1' },
        }),
      );
      expectMessage(check, 400, ACCOUNT_MESSAGES.currentPasswordWrong);
    });

    it('signs in again once Redis is back', async () => {
      const { account, password } = await createTestAccount(app);
      redis = await recover(redis);
      const signIn = () => post('/api/accounts/authenticate', { email: account.email, password });
      let response = await signIn();
      // Until the client's next try at a connection: a few seconds at most.
      for (let tries = 1; response.statusCode === 503 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        response = await signIn();
      }
      expect(response.statusCode).toBe(200);
    });
  },
);
