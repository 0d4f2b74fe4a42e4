import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase, backupProblem, backupsDir, listBackups, type BackupInfo } from './backup';
import { isBusyError } from './busy';
import { driverOptions, type Db } from './driver';
import { liveHolders, type Holder } from './holders';
import { schemaVersion } from './migrate';
import { StoreError } from './store-error';

export { listBackups, type BackupInfo } from './backup';

/**
 * Recovering from a damaged database file: find the backups next to it, set the bad file
 * aside (never overwrite or delete it) and put a verified backup in its place. The restore
 * itself makes sure no app, server or command has the database open.
 */

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/** The newest backup of `dbFile` that starts like a database, or null when there is none. */
export function latestBackup(dbFile: string): BackupInfo | null {
  return listBackups(dbFile)[0] ?? null;
}

/**
 * Takes a backup of the open database now (`VACUUM INTO`, a consistent snapshot even in
 * WAL mode) into the same rotation as the pre-migration backups (newest 5 kept). Returns its path.
 */
export function backupNow(db: Db, dbFile: string, now = new Date()): string {
  return backupDatabase(db, path.resolve(dbFile), schemaVersion(db), now);
}

/**
 * Moves the damaged file (and its -wal/-shm/-journal, which must not be replayed onto
 * another file) to `<file>.corrupt-<timestamp>[-n]`, next to it. Returns the new path of
 * the main file. Renames only: the bytes are kept for inspection or a specialist's repair.
 */
export function setAsideCorrupt(dbFile: string, now = new Date()): string {
  const file = path.resolve(dbFile);
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  let target = `${file}.corrupt-${stamp}`;
  for (let n = 1; [target, ...SIDE_FILES.map((s) => target + s)].some((f) => fs.existsSync(f)); n++) {
    target = `${file}.corrupt-${stamp}-${n}`;
  }
  try {
    if (fs.existsSync(file)) fs.renameSync(file, target);
    for (const side of SIDE_FILES) if (fs.existsSync(file + side)) fs.renameSync(file + side, target + side);
  } catch (error) {
    throw new StoreError('io', `cannot move ${file} aside to ${target}: ${(error as Error).message}`, { cause: error });
  }
  return target;
}

/** What a restore did. */
export interface RestoreResult {
  /** The backup that is now the database. */
  restoredFrom: string;
  /** Where the damaged file went (null when it was healthy, or missing). */
  setAside: string | null;
  /** A backup of the file that was replaced, when it was healthy (so the restore can be undone). */
  safetyBackup: string | null;
}

/** "the Cardwise server (pid 4242, since …, http://127.0.0.1:5173)" for a refusal. */
function describeHolder(holder: Holder): string {
  const what = { desktop: 'the Cardwise app', server: 'the Cardwise server', cli: 'a cardwise command' }[holder.kind];
  const where = [`pid ${holder.pid}`, `since ${holder.since}`, holder.url, holder.host].filter(Boolean);
  return `${what} (${where.join(', ')})`;
}

function inUse(file: string, holders: Holder[]): StoreError {
  const who =
    holders.length > 0
      ? holders.map(describeHolder).join('; ')
      : 'another program (no Cardwise window, server or command says it has it open)';
  return new StoreError(
    'in-use',
    `${file} is open in ${who}; close it and run the restore again. Nothing was changed.`,
  );
}

function integrityOf(db: Db): string {
  try {
    const first = (db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[])[0];
    return first?.integrity_check ?? 'no answer from integrity_check';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Takes SQLite's exclusive lock on an existing database file: granted only when no other
 * connection, in any process, has the file open (in WAL mode each one holds a shared lock for
 * as long as it is connected). Returns the locked connection, or null when the file cannot be
 * read as a database at all (damaged). Throws 'in-use' when someone else has it open.
 */
function lockExclusively(file: string): Db | null {
  let db: Db | undefined;
  try {
    db = new Database(file, driverOptions({ fileMustExist: true }));
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    // The first read takes the lock and keeps it (exclusive locking mode) until close.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return db;
  } catch (error) {
    db?.close();
    if (isBusyError(error)) throw inUse(file, liveHolders(file));
    return null;
  }
}

/**
 * Replaces `dbFile` with `backupFile` (default: the newest good backup). The backup must pass
 * integrity_check and hold a Cardwise schema, or nothing changes. The restore refuses while any
 * other process has the database open (SQLite's exclusive lock, held until the new file is in
 * place) and names who does; a live WAL is never removed. A healthy current file is first
 * backed up (`backupNow`) and its WAL folded into it (journal_mode=DELETE, under the lock); a
 * damaged one is set aside with its WAL (`setAsideCorrupt`). The copy goes into place by rename.
 * Throws StoreError: 'io' when there is no backup, 'corrupt' when the backup is empty or bad,
 * 'in-use' when the database is open elsewhere.
 */
export function restoreBackup(dbFile: string, backupFile?: string, now = new Date()): RestoreResult {
  const file = path.resolve(dbFile);
  const source = backupFile ?? listBackups(file).find((b) => backupProblem(b.file) === null)?.file;
  if (!source) throw new StoreError('io', `there is no good backup of ${file} in ${backupsDir(file)}`);
  const problem = backupProblem(source);
  if (problem) {
    throw new StoreError('corrupt', `the backup ${source} cannot be restored (${problem}); nothing was changed`);
  }
  const exists = fs.existsSync(file);
  const lock = exists ? lockExclusively(file) : null;
  try {
    // A damaged file gives SQLite nothing to lock; the notes of the Cardwise processes still tell.
    if (exists && !lock) {
      const holders = liveHolders(file);
      if (holders.length > 0) throw inUse(file, holders);
    }
    const staging = `${file}.restoring`;
    fs.rmSync(staging, { force: true });
    fs.copyFileSync(source, staging);
    try {
      let setAside: string | null = null;
      let safetyBackup: string | null = null;
      const healthy = lock !== null && integrityOf(lock) === 'ok';
      if (healthy) {
        safetyBackup = backupNow(lock, file, now);
        // Nobody else is connected: fold the WAL into the file, so none is left to pair with the new one.
        lock.pragma('journal_mode = DELETE');
      } else if (exists || SIDE_FILES.some((side) => fs.existsSync(file + side))) {
        setAside = setAsideCorrupt(file, now);
      }
      fs.renameSync(staging, file);
      // The old file's shared-memory index (no WAL is left to go with it).
      if (healthy) fs.rmSync(`${file}-shm`, { force: true });
      return { restoredFrom: source, setAside, safetyBackup };
    } finally {
      fs.rmSync(staging, { force: true });
    }
  } finally {
    lock?.close();
  }
}

/**
 * The sentence a 'corrupt' StoreError ends with: which backup to restore and how, or
 * that there is none.
 */
export function recoveryAdvice(dbFile: string): string {
  const latest = latestBackup(dbFile);
  if (!latest) {
    return `There is no backup of it; move it away (or pass another --db) and Cardwise starts a new, empty database.`;
  }
  return (
    `The newest backup is ${latest.file} (schema v${latest.version}, taken ${latest.takenAt.toISOString()}): ` +
    `run \`cardwise db restore\` to set the damaged file aside and restore that backup.`
  );
}
