import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/index.ts';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, isolated database for one test: in-memory PGlite, or a new database on DATABASE_URL's server. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ inMemory: true });
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url }).catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** Creates an empty, uniquely named database on the server of serverUrl (whose own database is left alone). */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a test that failed half-way may have left connections open.
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Runs one statement on the server of serverUrl, on a connection of its own. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
