import { and, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '../db/ids.ts';
import type { Database } from '../db/index.ts';
import { byName, sameName } from '../db/names.ts';
import type { books, languages } from '../db/schema.ts';
import { Conflict, NotFound } from '../errors.ts';
import { orConflict, recordView } from './records.ts';

/** Tables of records that are just a name, unique regardless of case. */
type NamedTable = typeof books | typeof languages;

export interface NamedRecordOptions {
  nameTaken: string;
  notFound: string;
  /** Download rows keep a copy of the name; a rename carries it over so statistics stay whole. */
  renameCopies(db: Database, from: string, to: string): Promise<unknown>;
}

type Row<Extra> = { id: string; name: string; createdAt: Date; updatedAt: Date } & Extra;

/**
 * List, find, create and rename for a table of uniquely named records (books, languages). `extra` names the
 * table's other columns that go on the wire as they are (a language's code); create and rename may set them.
 */
export function namedRecords<Extra extends Record<string, unknown> = Record<never, never>>(
  table: NamedTable,
  options: NamedRecordOptions,
  extra: { [Key in keyof Extra]: AnyPgColumn } = {} as never,
) {
  const columns = { id: table.id, name: table.name, createdAt: table.createdAt, updatedAt: table.updatedAt, ...extra };
  const view = (row: Row<Extra>) => {
    const { id, createdAt, updatedAt, ...rest } = row;
    return { ...recordView(row), ...rest } as ReturnType<typeof recordView> &
      Omit<Row<Extra>, 'id' | 'createdAt' | 'updatedAt'>;
  };

  async function assertNameFree(db: Database, name: string, exceptId?: string) {
    const named = sameName(table.name, name);
    const [taken] = await db
      .select({ id: table.id })
      .from(table)
      .where(exceptId ? and(named, ne(table.id, exceptId)) : named);
    if (taken) throw new Conflict(options.nameTaken);
  }

  async function list(db: Database) {
    const rows = (await db.select(columns).from(table).orderBy(byName(table.name))) as Row<Extra>[];
    return rows.map(view);
  }

  /** The record, or 404 (also for ids that are not uuids). */
  async function find(db: Database, id: string) {
    const [row] = isUuid(id) ? ((await db.select(columns).from(table).where(eq(table.id, id))) as Row<Extra>[]) : [];
    if (!row) throw new NotFound(options.notFound);
    return row;
  }

  async function create(db: Database, name: string, values: Partial<Extra> = {}) {
    await assertNameFree(db, name);
    const [row] = (await orConflict(
      db
        .insert(table)
        .values({ ...values, name })
        .returning(columns),
      options.nameTaken,
    )) as Row<Extra>[];
    return view(row as Row<Extra>);
  }

  async function rename(db: Database, id: string, name: string, values: Partial<Extra> = {}) {
    const current = await find(db, id);
    await assertNameFree(db, name, current.id);
    return db.transaction(async (tx) => {
      const [row] = (await orConflict(
        tx
          .update(table)
          .set({ ...values, name })
          .where(eq(table.id, current.id))
          .returning(columns),
        options.nameTaken,
      )) as Row<Extra>[];
      if (!row) throw new NotFound(options.notFound);
      await options.renameCopies(tx, current.name, row.name);
      return view(row);
    });
  }

  return { list, find, create, rename };
}
