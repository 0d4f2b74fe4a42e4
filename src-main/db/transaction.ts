import { isBusyError } from './busy';
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

/**
 * Runs `fn` in a deferred transaction: only for writes to this connection's own temp schema
 * (an import's staging table), which must not take the database's write lock.
 */
export function tempTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

/**
 * Runs `fn`'s reads in one deferred transaction: in WAL mode they all see one snapshot of the file
 * (https://www.sqlite.org/wal.html, "Concurrency"), so a commit by another process between two of
 * them cannot be half seen. `fn` must not write.
 */
export function readTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).deferred();
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * writeTransaction for a long job that must not give up at the first busy answer: waits for
 * the write lock without blocking the event loop (each try blocks for at most the connection's
 * busy timeout) until `deadlineMs`, then runs `fn` under it. A busy answer after the deadline is
 * thrown as the driver's SQLITE_BUSY error, which the doors turn into "busy, try again".
 */
export async function writeTransactionWhenFree<T>(db: Db, fn: () => T, deadlineMs: number): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (let wait = 25; ; wait = Math.min(250, wait * 2)) {
    try {
      db.exec('BEGIN IMMEDIATE');
      break;
    } catch (error) {
      if (!isBusyError(error) || Date.now() + wait > deadline) throw error;
      await pause(wait);
    }
  }
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
