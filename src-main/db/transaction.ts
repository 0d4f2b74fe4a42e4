import type { Db } from './driver';

/**
 * Runs `fn` in a `BEGIN IMMEDIATE` transaction and returns what it returns. The write lock is
 * taken before the first read, so a read-then-write waits for another writer (the busy
 * timeout) instead of failing at once with SQLITE_BUSY when its deferred transaction tries to
 * upgrade; `fn` must still re-read whatever it decides on, inside the transaction. Every write
 * transaction of the store goes through here (lint forbids `db.transaction` elsewhere).
 * See https://www.sqlite.org/lang_transaction.html ("BEGIN IMMEDIATE").
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
