import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, signIn, TEST_ADMIN } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/index.ts';

let database: DatabaseHandle;
const folders: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A portal on the shared database with a data folder of its own, as each instance of several has. */
async function instance(earlierSecret?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-instance-'));
  folders.push(dataDir);
  if (earlierSecret) await writeFile(path.join(dataDir, 'jwt-secret'), earlierSecret);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });
  // Each instance closes its own connection to the database; the test closes the database itself.
  const app = await buildApp(config, { database: { ...database, close: async () => {} } });
  return { app, dataDir };
}

describe('the token secret when JWT_SECRET is unset', () => {
  it('moves an earlier DATA_DIR/jwt-secret into the database, so sessions outlive the upgrade', async () => {
    const earlier = 'an-earlier-secret-of-more-than-32-characters';
    const { app, dataDir } = await instance(earlier);
    expect(app.auth.secret).toBe(earlier);
    expect(await readdir(dataDir)).not.toContain('jwt-secret');
    await app.close();
  });

  it('is the same for every instance on the database: each accepts the others’ tokens', async () => {
    const [a, b] = await Promise.all([instance(), instance('another-secret-that-came-too-late-to-be-kept')]);
    expect(b.app.auth.secret).toBe(a.app.auth.secret);
    const { account, password } = await createTestAccount(a.app);
    const { token } = await signIn(a.app, account.email, password);
    const me = await b.app.inject({
      url: `/api/accounts/${account.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);
    await Promise.all([a.app.close(), b.app.close()]);
  });
});
