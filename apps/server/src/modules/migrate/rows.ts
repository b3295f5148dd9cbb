import { randomUUID } from 'node:crypto';
import type { MigrationPhase } from '@portal/contract';
import type { ImportContext } from './context.ts';
import type { RecordRef } from './report.ts';

/** Rows are inserted this many at a time: one statement each, well under PostgreSQL's parameter limit. */
export const BATCH_SIZE = 500;

/** A row already in the portal, with the values an import compares. */
export interface CurrentRow<V> {
  id: string;
  legacyId: string | null;
  values: V;
}

/** A legacy record mapped to a row: `values` are kept in step with the export, `insertOnly` set once. */
export interface IncomingRow<V, E> extends RecordRef {
  values: V;
  insertOnly: E;
}

export interface LegacyTarget<V, E> {
  phase: MigrationPhase;
  /** How the report names a record of this kind: "church", "account". */
  noun: string;
  /**
   * What must be unique besides the legacy id (an e-mail, a name); how a row is named to people; and why a record
   * is skipped when another row has its key, given that row as `holder`: "English, a language of this portal".
   */
  unique?: { key(values: V): string; name(values: V): string; duplicate(holder: string): string };
  insert(rows: ({ id: string; legacyId: string } & V & E)[]): Promise<unknown>;
  update(id: string, changes: Partial<V>): Promise<unknown>;
}

/** Collects rows and inserts them BATCH_SIZE at a time; flush() writes the rest. */
export function batchedInsert<T>(insert: (rows: T[]) => Promise<unknown>) {
  const pending: T[] = [];
  const flush = async () => {
    if (pending.length > 0) await insert(pending.splice(0));
  };
  return {
    async add(row: T) {
      pending.push(row);
      if (pending.length >= BATCH_SIZE) await flush();
    },
    flush,
  };
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : (a ?? null) === (b ?? null);

/** The wanted values that differ from the current ones, or undefined when none does. */
export function changedValues<V extends object>(current: V, wanted: V): Partial<V> | undefined {
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(([name, value]) => !same(current[name as keyof V], value)),
  ) as Partial<V>;
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/**
 * Writes legacy records: one imported before (same legacy id) is updated when the export differs, a
 * new one is inserted, and one whose unique key another row already holds is skipped and reported,
 * its legacy id then standing for that row. Returns legacy id → row id for every legacy row of the
 * portal, so that later steps can resolve references.
 */
export async function writeLegacyRows<V extends object, E extends object>(
  context: ImportContext,
  target: LegacyTarget<V, E>,
  current: CurrentRow<V>[],
  incoming: IncomingRow<V, E>[],
): Promise<Map<string, string>> {
  const { report } = context;
  const { unique } = target;
  const label = (row: { legacyId: string | null; values: V }) =>
    `${unique?.name(row.values)}, ${row.legacyId ? `a legacy ${target.noun}` : `a ${target.noun} of this portal`}`;
  const byLegacyId = new Map(current.flatMap((row) => (row.legacyId ? [[row.legacyId, row] as const] : [])));
  const holders = new Map(
    unique ? current.map((row) => [unique.key(row.values), { id: row.id, label: label(row) }]) : [],
  );
  const ids = new Map([...byLegacyId].map(([legacyId, row]) => [legacyId, row.id]));
  const inserts = batchedInsert(target.insert);

  for (const [index, record] of incoming.entries()) {
    context.progress(target.phase, index, incoming.length);
    const row = byLegacyId.get(record.legacyId);
    const key = unique?.key(record.values);
    const holder = key === undefined ? undefined : holders.get(key);
    if (unique && holder && holder.id !== row?.id) {
      ids.set(record.legacyId, row?.id ?? holder.id);
      report.conflict(record, unique.duplicate(holder.label));
      continue;
    }
    const id = row?.id ?? randomUUID();
    if (key !== undefined) {
      if (row && unique) holders.delete(unique.key(row.values));
      holders.set(key, { id, label: label(record) });
    }
    if (row) {
      const changes = changedValues(row.values, record.values);
      if (changes) await target.update(row.id, changes);
      report.count(record.collection, changes ? 'updated' : 'unchanged');
      continue;
    }
    ids.set(record.legacyId, id);
    await inserts.add({ id, legacyId: record.legacyId, ...record.values, ...record.insertOnly });
    report.count(record.collection, 'created');
  }
  await inserts.flush();
  context.progress(target.phase, incoming.length, incoming.length);
  return ids;
}
