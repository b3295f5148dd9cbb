import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accounts } from '../../db/schema.ts';
import type { EditionRow } from '../files/file-view.ts';
import { findEdition } from '../files/service.ts';
import { perDatabase } from './per-database.ts';

/**
 * Whether accounts exist, asked together: the downloads that start in the same moment (the first of the
 * month) check their links' holders in one query.
 */
const accountsOf = perDatabase(
  (db) =>
    new DataLoader<string, boolean>(
      async (ids) => {
        const found = await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(inArray(accounts.id, [...ids]));
        const existing = new Set(found.map(({ id }) => id));
        return ids.map((id) => existing.has(id));
      },
      { cache: false },
    ),
);

export const accountExists = (db: Database, id: string) => accountsOf(db).load(id);

/** findEdition, one look-up shared by the downloads that ask for the same edition while it is under way. */
const editionsOf = perDatabase(
  (db) =>
    new DataLoader<string, EditionRow>(
      ([id]) => Promise.all([findEdition(db, id as string).catch((error: Error) => error)]),
      { batch: false },
    ),
);

export function sharedEdition(db: Database, id: string): Promise<EditionRow> {
  const loader = editionsOf(db);
  // Kept only while under way: the next download after it reads the record afresh.
  return loader.load(id).finally(() => loader.clear(id));
}
