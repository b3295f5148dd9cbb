import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, type TestApp } from '../../../test/app.ts';
import { REDIS_TEST_URL, withRedis } from '../../../test/redis.ts';

/** Two instances sharing one Redis, as behind a load balancer; each has a database of its own here. */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!withRedis) return;
  const settings = { REDIS_URL: REDIS_TEST_URL, AUTH_RATE_LIMIT: '3' };
  [a, b] = await Promise.all([buildTestApp(settings), buildTestApp(settings)]);
});
afterAll(() => Promise.all([a?.close(), b?.close()]));

/** Addresses and e-mails no earlier run used: Redis keeps their counts for a minute. */
const fresh = () => randomBytes(3).join('.');
const signIn = (instance: TestApp, email: string, address: string) =>
  instance.inject({
    method: 'POST',
    url: '/api/accounts/authenticate',
    payload: { email, password: 'Wrong-password-1' },
    remoteAddress: address,
  });

describe.runIf(withRedis)('sign-in limits with REDIS_URL, across instances', () => {
  it('count one client address’s attempts whichever instance takes them', async () => {
    const address = `10.${fresh()}`;
    for (const instance of [a, b, a]) {
      expect((await signIn(instance, `${fresh()}@example.org`, address)).statusCode).toBe(401);
    }
    expectMessage(await signIn(b, `${fresh()}@example.org`, address), 429, MESSAGES.tooManyRequests);
  });

  it('count one account’s failures whichever instance takes them', async () => {
    const email = `${fresh().replaceAll('.', '-')}@example.org`;
    const addresses = [1, 2, 3].map(() => `10.${fresh()}`);
    for (const [index, address] of addresses.entries()) {
      expect((await signIn(index % 2 ? b : a, email, address)).statusCode).toBe(401);
    }
    // Under attack now: an address that already missed is stopped at the other instance too.
    expectMessage(await signIn(b, email, addresses[0] as string), 429, MESSAGES.tooManyRequests);
  });
});
