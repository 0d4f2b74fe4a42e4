import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './driver';

/** How many backups of one database file are kept; older ones are deleted. */
export const BACKUPS_KEPT = 5;

/** `<name>-v<version>-<YYYYMMDDTHHMMSSmmmZ>[-n].db`, after the database's own name. */
const STAMP = /^-v(\d+)-(\d{8})T(\d{2})(\d{2})(\d{2})(\d{3})Z(?:-(\d+))?\.db$/;

/** One backup file of a database: `backups/<name>-v<N>-<stamp>[-n].db`. */
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
 * Copies the open database to `<dir>/backups/<name>-v<version>-<timestamp>.db` with
 * `VACUUM INTO` (a consistent snapshot even in WAL mode; a plain file copy is not), then
 * keeps the newest BACKUPS_KEPT backups of that file. Returns the backup's path.
 */
export function backupDatabase(db: Db, file: string, version: number, now: Date): string {
  const dir = backupsDir(file);
  fs.mkdirSync(dir, { recursive: true });
  const name = path.basename(file, path.extname(file));
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  let target = path.join(dir, `${name}-v${version}-${stamp}.db`);
  for (let n = 1; fs.existsSync(target); n++) target = path.join(dir, `${name}-v${version}-${stamp}-${n}.db`);
  db.prepare('VACUUM INTO ?').run(target);
  for (const old of listBackups(file).slice(BACKUPS_KEPT)) fs.rmSync(old.file, { force: true });
  return target;
}

/** Every backup of `dbFile`, newest first (by time stamp, then collision counter). */
export function listBackups(dbFile: string): BackupInfo[] {
  const dir = backupsDir(dbFile);
  const name = path.basename(dbFile, path.extname(dbFile));
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
