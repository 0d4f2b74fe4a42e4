import type Database from 'better-sqlite3';
import type { Db } from './driver';

const statements = new WeakMap<Db, Database.Statement>();

/**
 * A key that changes whenever the file changes: a write by this connection moves total_changes(),
 * one by another connection or process moves data_version (SQLite "PRAGMA data_version"). Two equal
 * keys mean nothing was written in between, so whatever was read from the file is still what it holds.
 */
export function writeVersion(db: Db): string {
  let statement = statements.get(db);
  if (!statement) {
    // One statement, prepared once, for both: db.pragma() prepares its statement again on every call, and this
    // runs on every estimate and ranking.
    statement = db.prepare('SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version');
    statements.set(db, statement);
  }
  const { changes, version } = statement.get() as { changes: number; version: number };
  return `${version}:${changes}`;
}

/**
 * `load(db)` read once per write version of the file: later calls return the same value until
 * something writes to the database. For reads the hot paths repeat on every call (the catalog an
 * estimate or a ranking needs). The value is shared, so it is frozen: a caller that changed it would
 * change it for every later call.
 */
export function readUntilWrite<T>(load: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, { version: string; value: T }>();
  return (db) => {
    const version = writeVersion(db);
    const hit = cache.get(db);
    if (hit?.version === version) return hit.value;
    const value = deepFreeze(load(db));
    cache.set(db, { version, value });
    return value;
  };
}

/**
 * `readUntilWrite` for a read that takes an argument: `load(db, arg)` once per write version and
 * `keyOf(arg)`, the same frozen value for every later call with an equal key until the next write.
 */
export function readUntilWriteBy<A, T>(load: (db: Db, arg: A) => T, keyOf: (arg: A) => string): (db: Db, arg: A) => T {
  const cache = new WeakMap<Db, { version: string; values: Map<string, T> }>();
  return (db, arg) => {
    const version = writeVersion(db);
    let entry = cache.get(db);
    if (entry?.version !== version) {
      entry = { version, values: new Map() };
      cache.set(db, entry);
    }
    const key = keyOf(arg);
    if (!entry.values.has(key)) entry.values.set(key, deepFreeze(load(db, arg)));
    return entry.values.get(key) as T;
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
