import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase, backupsDir, listBackups, type BackupInfo } from './backup';

export { listBackups, type BackupInfo } from './backup';
import type { Db } from './driver';
import { schemaVersion } from './migrate';
import { StoreError } from './store-error';

/**
 * Recovering from a damaged database file: find the backups next to it, set the bad file
 * aside (never overwrite or delete it) and put a verified backup in its place. Every
 * function here expects the database to be closed (no app, server or CLI has it open).
 */

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/** The newest backup of `dbFile`, or null when there is none. */
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

/** Why `file` is not a usable database, or null when it opens and passes integrity_check. */
export function damageOf(file: string): string | null {
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const first = (db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[])[0];
    return first?.integrity_check === 'ok' ? null : (first?.integrity_check ?? 'no answer from integrity_check');
  } catch (error) {
    return (error as Error).message;
  } finally {
    db?.close();
  }
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

/**
 * Replaces `dbFile` with `backupFile` (default: the newest backup). The backup is checked
 * with integrity_check first and copied next to the database, so a failed check or copy
 * changes nothing. A damaged current file is set aside (`setAsideCorrupt`); a healthy one
 * is first backed up (`backupNow`). The copy goes into place by rename. Call it with the
 * database closed. Throws StoreError: 'io' when there is no backup, 'corrupt' when the
 * backup itself is damaged.
 */
export function restoreBackup(dbFile: string, backupFile?: string, now = new Date()): RestoreResult {
  const file = path.resolve(dbFile);
  const source = backupFile ?? latestBackup(file)?.file;
  if (!source) throw new StoreError('io', `there is no backup of ${file} in ${backupsDir(file)}`);
  const damage = damageOf(source);
  if (damage) {
    throw new StoreError(
      'corrupt',
      `the backup ${source} is damaged too (${damage}); nothing was changed — pick another backup`,
    );
  }
  const staging = `${file}.restoring`;
  fs.rmSync(staging, { force: true });
  fs.copyFileSync(source, staging);
  try {
    let setAside: string | null = null;
    let safetyBackup: string | null = null;
    if (fs.existsSync(file)) {
      if (damageOf(file) === null) {
        const current = new Database(file, { fileMustExist: true });
        try {
          safetyBackup = backupNow(current, file, now);
        } finally {
          current.close();
        }
        for (const side of SIDE_FILES) fs.rmSync(file + side, { force: true });
      } else {
        setAside = setAsideCorrupt(file, now);
      }
    } else {
      for (const side of SIDE_FILES) if (fs.existsSync(file + side)) setAside = setAsideCorrupt(file, now);
    }
    fs.renameSync(staging, file);
    return { restoredFrom: source, setAside, safetyBackup };
  } finally {
    fs.rmSync(staging, { force: true });
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
