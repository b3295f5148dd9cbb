import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { perDatabase } from '../../db/per-database.ts';
import { accounts } from '../../db/schema.ts';
import type { EditionRow } from './edition-view.ts';
import { findEdition } from './service.ts';

type Kept = Pick<FastifyInstance, 'db' | 'lists'>;

/**
 * Whether accounts exist, asked together: the downloads that start in the same moment (the first of the
 * month) check their links' holders in one query.
 */
const accountsOf = perDatabase(
  (db: Database) =>
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

/**
 * Whether a link's account exists, kept in memory with the lists (decision 015): deleting an account clears
 * them, in every instance, so its links stop working at once.
 */
export const accountExists = (app: Kept, id: string) =>
  app.lists.remember(`account:${id}`, () => accountsOf(app.db).load(id));

/** An edition's record, kept in memory with the lists: every write to files, books or languages clears them. */
export const keptEdition = (app: Kept, id: string): Promise<EditionRow> =>
  app.lists.remember(`edition:${id}`, () => findEdition(app.db, id));
