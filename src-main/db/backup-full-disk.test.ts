/**
 * A full disk: backups fail, and a failed backup leaves nothing behind, keeps every good one,
 * and is never restored. Before, each failed backup left a 0-byte file that counted in the
 * rotation (the good ones were rotated away) and `db restore` restored the empty one.
 * Needs a small filesystem: root mounts a 4 MiB tmpfs; elsewhere the test is skipped, saying why.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './open';
import { backupNow, listBackups, restoreBackup } from './recovery';
import { StoreError } from './store-error';

function mountSmallFilesystem(): { dir: string | null; reason: string } {
  if (process.platform !== 'linux') return { dir: null, reason: 'needs Linux tmpfs' };
  if (process.getuid?.() !== 0) return { dir: null, reason: 'needs root to mount a small tmpfs' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, reason: '' };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { dir: null, reason: `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})` };
  }
}

const mounted = mountSmallFilesystem();
afterAll(() => {
  if (!mounted.dir) return;
  execFileSync('umount', [mounted.dir]);
  fs.rmSync(mounted.dir, { recursive: true, force: true });
});

describe.skipIf(!mounted.dir)(`backups on a full disk${mounted.dir ? '' : ` (skipped: ${mounted.reason})`}`, () => {
  it('a failed backup leaves nothing, the good backups stay, and restore takes a good one', () => {
    const dir = mounted.dir!;
    const file = path.join(dir, 'cardwise.db');
    const db = openDb(file);
    const good = [
      backupNow(db, file, new Date('2025-11-01T00:00:00Z')),
      backupNow(db, file, new Date('2025-11-02T00:00:00Z')),
    ];
    // Fill the disk to the last byte.
    const filler = path.join(dir, 'filler');
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
    } catch {
      // ENOSPC: full.
    }
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(1));
    } catch {
      // ENOSPC: full to the byte.
    }
    fs.closeSync(fd);
    let failures = 0;
    for (let i = 0; i < 5; i++) {
      try {
        backupNow(db, file, new Date(Date.UTC(2025, 11, 1 + i)));
      } catch (error) {
        expect(error).toBeInstanceOf(StoreError);
        expect((error as Error).message).toMatch(/no backup was written and the older ones were kept/);
        failures++;
      }
    }
    db.close();
    const left = fs.readdirSync(path.join(dir, 'backups')).sort();
    console.log(
      `full disk: ${failures} of 5 backups failed, ${left.length} files left in backups/: ${left.join(', ')}`,
    );
    expect(failures).toBe(5);
    expect(left).toEqual(good.map((g) => path.basename(g)).sort());
    expect(listBackups(file).map((b) => b.file)).toEqual([...good].reverse());
    // An empty file named like a backup (what the old code left) is never counted nor restored.
    fs.rmSync(filler);
    const empty = path.join(dir, 'backups', 'cardwise.db-v3-20251210T000000000Z.db');
    fs.writeFileSync(empty, '');
    expect(listBackups(file).map((b) => b.file)).not.toContain(empty);
    expect(() => restoreBackup(file, empty)).toThrow(/the file is empty/);
    expect(restoreBackup(file).restoredFrom).toBe(good[1]);
  });
});
