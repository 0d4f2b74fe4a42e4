import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './driver';

/** How many backups of one database file are kept; older ones are deleted. */
export const BACKUPS_KEPT = 5;

const STAMP = /^-v(\d+)-(\d{8}T\d{9}Z)(?:-(\d+))?\.db$/;

/**
 * Copies the open database to `<dir>/backups/<name>-v<version>-<timestamp>.db` with
 * `VACUUM INTO` (a consistent snapshot even in WAL mode; a plain file copy is not), then
 * keeps the newest `keep` backups of that file. Returns the backup's path.
 */
export function backupDatabase(db: Db, file: string, version: number, now: Date, keep = BACKUPS_KEPT): string {
  const dir = path.join(path.dirname(file), 'backups');
  fs.mkdirSync(dir, { recursive: true });
  const name = path.basename(file, path.extname(file));
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  let target = path.join(dir, `${name}-v${version}-${stamp}.db`);
  for (let n = 1; fs.existsSync(target); n++) target = path.join(dir, `${name}-v${version}-${stamp}-${n}.db`);
  db.prepare('VACUUM INTO ?').run(target);
  rotateBackups(dir, name, keep);
  return target;
}

/** Deletes all but the newest `keep` backups named `<name>-v<N>-<timestamp>[-n].db` in `dir`. */
export function rotateBackups(dir: string, name: string, keep = BACKUPS_KEPT): string[] {
  const backups = fs
    .readdirSync(dir)
    .filter((entry) => entry.startsWith(name))
    .map((entry) => ({ entry, match: STAMP.exec(entry.slice(name.length)) }))
    .filter((b): b is { entry: string; match: RegExpExecArray } => b.match !== null)
    // Newest first: by timestamp, then by collision counter.
    .sort((a, b) => {
      const byStamp = (b.match[2] ?? '').localeCompare(a.match[2] ?? '');
      return byStamp !== 0 ? byStamp : Number(b.match[3] ?? 0) - Number(a.match[3] ?? 0);
    });
  const removed = backups.slice(keep).map((b) => path.join(dir, b.entry));
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}
