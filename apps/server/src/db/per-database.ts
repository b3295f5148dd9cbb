import type { Database } from './index.ts';

/**
 * One `make(db)` per database, made on first use: the batching loaders of the download path keep their queues,
 * and the daily reminder its push keys, per database, so each test's fresh database (and each app) has its own.
 */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
