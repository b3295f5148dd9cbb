import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestAccount, loginAs, nextAddress, type TestApp } from '../test/app.ts';
import { accounts } from './db/schema.ts';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('replaces every token in a query string and leaves the rest', () => {
    expect(redactUrl('/api/files/download/abc?token=s3cr3t.sig&inline=1')).toBe(
      '/api/files/download/abc?token=[redacted]&inline=1',
    );
    expect(redactUrl('http://localhost:4000/account/reset-password?token=abc-DEF_1')).toBe(
      'http://localhost:4000/account/reset-password?token=[redacted]',
    );
    expect(redactUrl('/x?a=1&TOKEN=one&refreshToken=two#top')).toBe(
      '/x?a=1&TOKEN=[redacted]&refreshToken=[redacted]#top',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('the log', () => {
  let app: TestApp;
  let lines: string[];
  const SECRET = 'Zq9-secret-token-value';

  beforeAll(async () => {
    lines = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    app = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => app.close());

  it('writes URLs with their tokens redacted', async () => {
    for (const url of [
      `/api/files/download/00000000-0000-4000-8000-000000000000?token=${SECRET}`,
      `/account/verify-email?token=${SECRET}`,
      `/account/reset-password?token=${SECRET}`,
    ]) {
      await app.inject({ url });
    }
    const log = lines.join('\n');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(SECRET);
  });

  it('writes one line per request, with its status and time', async () => {
    const url = '/api/books?probe=one-line';
    const answer = await app.inject({ url });
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines.map((line) => JSON.parse(line));
    const reqId = entries.find((entry) => entry.req?.url === url)?.reqId;
    const own = entries.filter((entry) => entry.reqId === reqId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url } });
    expect(own[0].res.statusCode).toBe(answer.statusCode);
    expect(own[0].responseTime).toBeGreaterThanOrEqual(0);
  });

  it('logs failed account writes through the API with no password, hash or e-mail', async () => {
    const admin = await loginAs(app, 'Admin');
    const target = await createTestAccount(app);
    // Every account write naming this first name now fails inside PostgreSQL, after its hash was made.
    await app.db.execute(
      sql`alter table accounts add constraint refuse_writes check (first_name <> 'Refused') not valid`,
    );
    const password = 'Logged-never-1';
    const answers = [
      await app.inject({
        method: 'POST',
        url: '/api/accounts/register',
        payload: {
          fullName: 'Refused Person',
          email: 'refused.one@example.org',
          password,
          confirmPassword: password,
          acceptTerms: true,
        },
        remoteAddress: nextAddress(),
      }),
      await app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: admin.headers,
        payload: {
          firstName: 'Refused',
          lastName: 'Two',
          email: 'refused.two@example.org',
          password,
          confirmPassword: password,
        },
      }),
      await app.inject({
        method: 'PUT',
        url: `/api/accounts/updateUser/${target.account.id}`,
        headers: admin.headers,
        payload: { firstName: 'Refused', password, confirmPassword: password },
      }),
    ];
    await app.db.execute(sql`alter table accounts drop constraint refuse_writes`);
    expect(answers.map((answer) => answer.statusCode)).toEqual([500, 500, 500]);
    const log = lines.join('\n');
    expect(log).toContain('A insert statement failed');
    expect(log).toContain('A update statement failed');
    expect(log).toContain('23514');
    for (const secret of [
      password,
      '$argon2',
      'refused.one@example.org',
      'refused.two@example.org',
      target.account.email,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('writes a failed statement without its parameters: no hash, no e-mail', async () => {
    const { account } = await createTestAccount(app);
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$secrethashsecrethash';
    const failure = await app.db
      .insert(accounts)
      .values({ firstName: 'A', lastName: 'B', email: account.email, passwordHash: hash })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    app.log.error({ err: failure }, 'unexpected error');
    const log = lines.join('\n');
    expect(log).toContain('A insert statement failed');
    expect(log).toContain('23505');
    expect(log).not.toContain(hash);
    expect(log).not.toContain('secrethash');
    expect(log).not.toContain(account.email);
  });
});
