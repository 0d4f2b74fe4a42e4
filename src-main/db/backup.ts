import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { driverOptions, type Db } from './driver';
import { StoreError } from './store-error';

/** How many good backups of one database file are kept; older ones are deleted. */
export const BACKUPS_KEPT = 5;

/** `<file name>-v<version>-<YYYYMMDDTHHMMSSmmmZ>[-n].db`, after the database's whole file name. */
const STAMP = /^-v(\d+)-(\d{8})T(\d{2})(\d{2})(\d{2})(\d{3})Z(?:-(\d+))?\.db$/;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** One backup file of a database: `backups/<file name>-v<N>-<stamp>[-n].db`. */
export interface BackupInfo {
  file: string;
  /** Schema version of the database when the backup was taken. */
  version: number;
  takenAt: Date;
}

/** The folder the backups of `dbFile` live in. */
export function backupsDir(dbFile: string): string {
  return path.join(path.dirname(path.resolve(dbFile)), 'backups');
}

/**
 * Why `file` is not a usable Cardwise backup (empty, not SQLite, damaged, no schema), or null
 * when it opens read-only, passes integrity_check and holds a migrated schema.
 */
export function backupProblem(file: string): string | null {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    return `cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  if (size === 0) return 'the file is empty';
  let db: Db | undefined;
  try {
    db = new Database(file, driverOptions({ readonly: true, fileMustExist: true }));
    const integrity = (db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[])[0];
    if (integrity?.integrity_check !== 'ok') return integrity?.integrity_check ?? 'no answer from integrity_check';
    const version = db.pragma('user_version', { simple: true }) as number;
    const history = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (version < 1 || !history) return 'it holds no Cardwise schema';
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    db?.close();
  }
}

/**
 * Copies the open database to `<dir>/backups/<file name>-v<version>-<timestamp>.db`: written
 * with `VACUUM INTO` (a consistent snapshot even in WAL mode; a plain file copy is not) under a
 * temporary name, checked (integrity and schema), then renamed into place, so a failed backup
 * (a full disk) leaves nothing behind and never pushes a good one out of the rotation. Then
 * keeps the newest BACKUPS_KEPT good backups of that file. Returns the backup's path.
 */
export function backupDatabase(db: Db, file: string, version: number, now: Date): string {
  const dir = backupsDir(file);
  const stem = `${path.basename(file)}-v${version}-${now.toISOString().replace(/[-:.]/g, '')}`;
  // Its own temporary name: several processes opening one file in the same millisecond each
  // back it up, and VACUUM INTO refuses a target another process has already written.
  const temporary = path.join(dir, `${stem}.${process.pid}-${randomUUID()}.partial`);
  let target: string;
  try {
    fs.mkdirSync(dir, { recursive: true });
    db.prepare('VACUUM INTO ?').run(temporary);
    const problem = backupProblem(temporary);
    if (problem) throw new Error(`the copy does not check out: ${problem}`);
    target = claimName(temporary, dir, stem);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw new StoreError(
      'io',
      `cannot back up ${file} to ${dir} (${(error as Error).message}); no backup was written and the older ones were kept`,
      { cause: error },
    );
  }
  for (const old of listBackups(file).slice(BACKUPS_KEPT)) fs.rmSync(old.file, { force: true });
  return target;
}

/**
 * Moves `temporary` to `<stem>.db`, or `<stem>-1.db`, `-2` … when that name is taken. A hard link
 * fails when the name exists, so two processes never take one name (a rename would overwrite).
 */
function claimName(temporary: string, dir: string, stem: string): string {
  for (let n = 0; ; n++) {
    const target = path.join(dir, n === 0 ? `${stem}.db` : `${stem}-${n}.db`);
    try {
      fs.linkSync(temporary, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      // A file system without hard links (FAT, some network shares): the checked rename.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      if (fs.existsSync(target)) continue;
      fs.renameSync(temporary, target);
      return target;
    }
    fs.rmSync(temporary, { force: true });
    return target;
  }
}

/** Whether a file starts like an SQLite database (not empty, not a torn first page). */
function looksLikeSqlite(file: string): boolean {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    return fs.readSync(fd, header, 0, header.length, 0) === header.length && header.equals(SQLITE_HEADER);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Every backup of `dbFile`, newest first (by time stamp, then collision counter). Files that
 * are empty or do not start as an SQLite database are not backups: they are never counted in
 * the rotation nor offered for a restore.
 */
export function listBackups(dbFile: string): BackupInfo[] {
  const dir = backupsDir(dbFile);
  const name = path.basename(dbFile);
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.startsWith(name))
    .map((entry) => ({ entry, m: STAMP.exec(entry.slice(name.length)) }))
    .filter((b): b is { entry: string; m: RegExpExecArray } => b.m !== null)
    .filter(({ entry }) => looksLikeSqlite(path.join(dir, entry)))
    .map(({ entry, m }) => {
      const [, version, day, hh, mm, ss, ms, counter] = m;
      const iso = `${day!.slice(0, 4)}-${day!.slice(4, 6)}-${day!.slice(6, 8)}T${hh}:${mm}:${ss}.${ms}Z`;
      return {
        file: path.join(dir, entry),
        version: Number(version),
        takenAt: new Date(iso),
        counter: Number(counter ?? 0),
      };
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.counter - a.counter)
    .map(({ file, version, takenAt }) => ({ file, version, takenAt }));
}
