import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { CodedMessage, Role } from '@portal/contract';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { accounts, type NewAccount } from '../src/db/schema.ts';
import { errorBody, fieldMessage } from '../src/errors.ts';
import { hashPassword } from '../src/passwords.ts';
import { storageUnderTest } from './bucket.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ADMIN = { email: 'super@example.org', password: 'Super-secret-1' };

/**
 * A whole portal on a fresh database and data folder; `app.close()` removes both. Its log is silent, or
 * goes to `logStream` at LOG_LEVEL when one is given. `database`: one opened by the test (an instance restarted on it).
 */
export async function buildTestApp(
  environment: Record<string, string> = {},
  { logStream, database }: { logStream?: Writable; database?: DatabaseHandle } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const settings: Record<string, string> = { ...(await storageUnderTest()), ...environment };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The test opens the database itself (below); a bucket or Redis is only allowed beside a shared one.
    ...(settings.STORAGE === 's3' || settings.REDIS_URL
      ? { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://given-by-the-test/' }
      : {}),
    ...settings,
  });
  const app = await buildApp(config, { database: database ?? (await createTestDatabase()), logStream });
  app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let accountCounter = 0;
let addressCounter = 0;

/** A client address of its own for each call, so per-address rate limits stay out of a test's way. */
export function nextAddress() {
  addressCounter += 1;
  return `10.1.${addressCounter >> 8}.${addressCounter & 255}`;
}

/** A verified account made straight in the database, with its password. */
export async function createTestAccount(
  app: TestApp,
  overrides: Partial<Pick<NewAccount, 'role' | 'email' | 'firstName' | 'lastName' | 'verifiedAt' | 'churchId'>> = {},
) {
  accountCounter += 1;
  const password = `Password-${accountCounter}x`;
  const [account] = await app.db
    .insert(accounts)
    .values({
      firstName: 'Test',
      lastName: `Person${accountCounter}`,
      email: `person${accountCounter}-${Date.now()}@example.org`,
      passwordHash: await hashPassword(password),
      verifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!account) throw new Error('account not created');
  return { account, password };
}

/** Signs in through the API; returns the access token and the refresh cookie. */
export async function signIn(app: TestApp, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/authenticate',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'refreshToken');
  return { token: response.json().jwtToken as string, refreshToken: cookie?.value as string, body: response.json() };
}

/**
 * A new verified account of that role, signed in: `headers` authorise requests as it, and `request` sends
 * one with them.
 */
export async function loginAs(app: TestApp, role: Role) {
  const { account, password } = await createTestAccount(app, { role });
  const { token, refreshToken } = await signIn(app, account.email, password);
  const headers = { authorization: `Bearer ${token}` };
  const request = (method: HTTPMethods, url: string, payload?: InjectOptions['payload']) =>
    app.inject({ method, url, headers, payload });
  return { account, password, token, refreshToken, headers, request };
}

/**
 * The error body the API answers with a message: the contract's with its code, a field's refusal
 * ("name: must not contain control characters") coded with the field as fieldMessage words it.
 */
export function expectedBody(message: string | CodedMessage) {
  const field = typeof message === 'string' ? /^([\w.]+): (.+)$/.exec(message) : null;
  return field?.[1] && field[2] ? errorBody(fieldMessage(field[1], field[2])) : errorBody(message);
}

/** The answer's status, and its body: for an error, the message with its code (expectedBody). */
export function expectMessage(response: LightMyRequestResponse, status: number, message: string | CodedMessage) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual(
    status >= 400 ? expectedBody(message) : { message: typeof message === 'string' ? message : message.message },
  );
}
