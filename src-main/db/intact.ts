import fs from 'node:fs';
import type { Db } from './driver';
import { StoreError } from './store-error';
import { readTransaction } from './transaction';

/*
 * `PRAGMA quick_check` reads every page of the file: about a quarter of a second with 100,000 logged runs and
 * seconds with a million (`npm run bench -- --only store` prints both opens, "open the store, …"), paid by every
 * process that opens the store: each CLI command, each start of the app or the server. A file is checked again only when it may have
 * changed since its last clean check: after each clean open, the identity, size and change time of the file and of
 * its write-ahead log are kept beside it (`<file>.checked`), and the next open checks only when they differ.
 * Whatever writes the file changes them: a transaction (into the log, then checkpointed into the file), a log left by
 * a crash, a restored backup (another inode), a copy over it. (A file system that keeps change times to the second
 * could hide a write of the same size in the second of the check: the next write shows.) Damage that changes none of
 * them (a failing disk) is still found where SQLite reads a bad page: it answers SQLITE_CORRUPT, a 'corrupt' error.
 */

/** The file's state as the record keeps it; null when it cannot be read (then it is checked). */
function stateOf(file: string): string | null {
  try {
    const main = fs.statSync(file, { bigint: true });
    const wal = statOrNull(`${file}-wal`);
    // An empty log is no change: a reader opens one and the last connection's close removes it.
    const log = wal && wal.size > 0n ? [wal.ino, wal.size, wal.ctimeNs] : null;
    return JSON.stringify([main.dev, main.ino, main.size, main.ctimeNs, log], (_, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    );
  } catch {
    return null;
  }
}

function statOrNull(file: string): fs.BigIntStats | null {
  try {
    return fs.statSync(file, { bigint: true });
  } catch {
    return null;
  }
}

const recordOf = (file: string) => `${file}.checked`;

function recorded(file: string): string | null {
  try {
    return fs.readFileSync(recordOf(file), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Refuses a damaged file (StoreError 'corrupt', the file left as it is), skipping the check when the file is as it
 * was at its last clean check. Returns what to call once the open succeeded: it keeps the state just checked (a
 * refused open keeps nothing). Keeping it is best effort: a folder that refuses the record only costs the next open
 * its check.
 */
export function checkIntact(db: Db, file: string): () => void {
  const state = stateOf(file);
  if (state !== null && recorded(file) === state) return () => {};
  const problems = readTransaction(db, () => {
    // quick_check connects the text index (FTS5 reads its settings while the statement is prepared). The first read
    // fixes the snapshot, so another process's migrations, committed one after another, cannot change the schema
    // under that prepare (alone, it now and then met two changes when eight processes opened one new file together).
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
  });
  const first = problems[0]?.quick_check;
  if (first !== 'ok') {
    throw new StoreError(
      'corrupt',
      `${file} is damaged (${first ?? 'no answer from quick_check'}); it was left as it is — restore a copy from the backups folder next to it`,
    );
  }
  return () => {
    if (state === null) return;
    const temporary = `${recordOf(file)}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, state);
      fs.renameSync(temporary, recordOf(file));
    } catch {
      fs.rmSync(temporary, { force: true });
    }
  };
}
