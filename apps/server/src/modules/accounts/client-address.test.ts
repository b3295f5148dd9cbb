import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectMessage, type TestApp } from '../../../test/app.ts';

/**
 * The client address behind a proxy is the right-most X-Forwarded-For entry that no trusted proxy wrote:
 * whatever a client writes into the header itself, its requests count as its own. Forgot-password allows
 * five a minute per address (AUTH_RATE_LIMIT 10), each to a new e-mail so that only the address counts.
 */
describe.each([
  // [TRUST_PROXY, the address the portal sees connecting, the header as the proxies leave it]
  ['true', '127.0.0.1', (spoof: string) => `${spoof}, 198.51.100.7`],
  ['2', '10.0.0.2', (spoof: string) => `${spoof}, 198.51.100.7, 10.0.0.1`],
  ['10.0.0.0/8', '10.0.0.2', (spoof: string) => `${spoof}, 198.51.100.7, 10.0.0.1`],
  // Not behind a trusted proxy: the header is the client's own words and counts for nothing.
  ['10.0.0.0/8', '198.51.100.7', (spoof: string) => spoof],
  ['false', '198.51.100.7', (spoof: string) => `${spoof}, 10.0.0.1`],
])('TRUST_PROXY=%s, a request from %s', (trustProxy, remoteAddress, forwardedFor) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ TRUST_PROXY: trustProxy });
  });
  afterAll(() => app.close());

  it('counts one client’s requests as its own whatever it writes in X-Forwarded-For', async () => {
    const forgot = (spoof: string) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/forgot-password',
        payload: { email: `${randomUUID()}@example.org` },
        headers: { 'x-forwarded-for': forwardedFor(spoof) },
        remoteAddress,
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await forgot(`203.0.113.${attempt}`)).statusCode).toBe(200);
    }
    expectMessage(await forgot('203.0.113.99'), 429, MESSAGES.tooManyRequests);
  });
});
