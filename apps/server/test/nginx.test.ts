import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestAccount, type TestApp } from './app.ts';
import { nginxInstalled, shippedNginxConfig, startNginx } from './nginx.ts';
import { freePort } from './server-process.ts';

/**
 * The portal behind Debian's nginx configured by the shipped docs/nginx.conf, with TRUST_PROXY=true as the
 * file says: a client writing its own X-Forwarded-For is still the one address nginx saw. Skipped on a
 * machine without nginx, except in CI (.ci/run installs it).
 */
describe.runIf(nginxInstalled || process.env.CI === 'true')('behind the shipped nginx config', () => {
  let app: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let url: string;

  beforeAll(async () => {
    app = await buildTestApp({ TRUST_PROXY: 'true' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const listen = await freePort();
    url = `http://127.0.0.1:${listen}`;
    const config = await shippedNginxConfig({
      portal: (app.server.address() as AddressInfo).port,
      listen,
      files: path.join(app.config.dataDir, 'files'),
    });
    nginx = await startNginx(config, `${url}/api/health`);
  });
  afterAll(async () => {
    await nginx?.stop();
    await app?.close();
  });

  const post = (route: string, body: object, forwardedFor: string) =>
    fetch(`${url}/api/accounts/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(body),
    });
  let madeUp = 0;
  const madeUpAddress = () => `203.0.113.${++madeUp}`;

  it('counts password-reset requests per real client, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await post('forgot-password', { email: `${randomUUID()}@example.org` }, madeUpAddress())).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('stops a client guessing a password from made-up addresses, the right password unread', async () => {
    const { account, password } = await createTestAccount(app);
    for (let guess = 0; guess < 10; guess += 1) {
      const response = await post(
        'authenticate',
        { email: account.email, password: `Guess-${guess}-x` },
        madeUpAddress(),
      );
      expect(response.status).toBe(401);
    }
    const right = await post('authenticate', { email: account.email, password }, madeUpAddress());
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ message: MESSAGES.tooManyRequests });
  });
});
