import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { bundledAssets } from './bundled';
import { migrationsFrom } from './migrate';
import { backupNow, latestBackup, listBackups, restoreBackup, setAsideCorrupt } from './recovery';
import { StoreError } from './store-error';
import { tempDir } from './test-support.testkit';

const run = (notes: string) => ({
  config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 2, seqLen: 1024 },
  card: 'rtx-4090',
  gpus: 1,
  peakMemoryGiB: 20,
  memoryMeter: 'nvidia-smi',
  outcome: 'ok',
  notes,
});

async function addRun(app: App, notes: string): Promise<void> {
  const result = await app.dispatcher.dispatch('runs:add', run(notes));
  if (!result.ok) throw new Error(result.error.message);
}

function myNotes(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT notes FROM runs WHERE origin = 'mine' ORDER BY id").all() as { notes: string }[]).map(
      (r) => r.notes,
    );
  } finally {
    db.close();
  }
}

function integrity(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

function openError(file: string): StoreError {
  try {
    openApp({ dbPath: file }).close();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected openApp to refuse the file');
}

/** A database with the seeds and one run of the user's, closed, plus a backup taken now. */
async function databaseWithBackup(): Promise<{ file: string; backup: string }> {
  const file = path.join(tempDir(), 'cardwise.db');
  const app = openApp({ dbPath: file });
  await addRun(app, 'before the backup');
  const backup = backupNow(app.db, file, new Date('2025-11-30T09:00:00Z'));
  await addRun(app, 'after the backup');
  app.close();
  return { file, backup };
}

const DAMAGE: Record<string, (bytes: Buffer) => Buffer> = {
  'truncated mid-page': (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2) + 123),
  'header overwritten': (bytes) => {
    const copy = Buffer.from(bytes);
    copy.fill(0x41, 0, 100);
    return copy;
  },
  'pages overwritten with garbage': (bytes) => {
    const copy = Buffer.from(bytes);
    const pageSize = copy.readUInt16BE(16);
    for (let at = pageSize; at < copy.length; at++) copy[at] = (at * 131) & 0xff;
    return copy;
  },
  'garbage file': () => Buffer.from('not a database at all\n'.repeat(500)),
  'torn header (first 50 bytes)': (bytes) => bytes.subarray(0, 50),
};

describe('a damaged database at start', () => {
  for (const [kind, damage] of Object.entries(DAMAGE)) {
    it(`${kind}: refused as corrupt, file untouched, names the backup and the restore command`, async () => {
      const { file, backup } = await databaseWithBackup();
      const bad = damage(fs.readFileSync(file));
      fs.writeFileSync(file, bad);
      const error = openError(file);
      expect(error.code).toBe('corrupt');
      expect(error.message).toContain(file);
      expect(error.message).toContain(backup);
      expect(error.message).toContain('cardwise db restore');
      expect(fs.readFileSync(file).equals(bad)).toBe(true);
      expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(['backups', 'cardwise.db']);
    });
  }

  it('says so when there is no backup to restore', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    fs.writeFileSync(file, Buffer.from('SQLite format 3\0' + 'x'.repeat(5000), 'latin1'));
    const error = openError(file);
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/no backup/);
    expect(latestBackup(file)).toBeNull();
  });

  it('a newer schema is refused through openApp with a clear message and the file untouched', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    openApp({ dbPath: file }).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrationsFrom(bundledAssets.migrations).length + 1}`);
    raw.pragma('journal_mode = DELETE');
    raw.close();
    const bytes = fs.readFileSync(file);
    const error = openError(file);
    expect(error.code).toBe('newer-schema');
    expect(error.message).toMatch(/update Cardwise/);
    expect(error.message).not.toContain('cardwise db restore');
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['cardwise.db']);
  });
});

describe('restoreBackup', () => {
  it('round-trips: data → backup → more data → corruption → restore → the backed-up data, intact', async () => {
    const { file, backup } = await databaseWithBackup();
    expect(myNotes(file)).toEqual(['before the backup', 'after the backup']);
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    for (let at = pageSize * 2; at < bytes.length; at += 7) bytes[at] = 0xee;
    fs.writeFileSync(file, bytes);
    expect(openError(file).code).toBe('corrupt');

    const result = restoreBackup(file, undefined, new Date('2025-12-01T10:00:00Z'));
    expect(result.restoredFrom).toBe(backup);
    expect(result.setAside).toBe(`${file}.corrupt-20251201T100000000Z`);
    expect(fs.readFileSync(result.setAside!).equals(bytes)).toBe(true);
    expect(integrity(file)).toBe('ok');
    expect(myNotes(file)).toEqual(['before the backup']);
    const app = openApp({ dbPath: file });
    await addRun(app, 'after the restore');
    app.close();
    expect(myNotes(file)).toEqual(['before the backup', 'after the restore']);
  });

  it('sets a stale WAL aside with the damaged file, so it is not replayed onto the backup', async () => {
    const { file } = await databaseWithBackup();
    // Keep a WAL holding later writes, as a crash would leave it.
    const app = openApp({ dbPath: file });
    app.db.pragma('wal_autocheckpoint = 0');
    await addRun(app, 'only in the WAL');
    fs.copyFileSync(`${file}-wal`, path.join(path.dirname(file), 'saved-wal'));
    app.close();
    fs.copyFileSync(path.join(path.dirname(file), 'saved-wal'), `${file}-wal`);
    fs.writeFileSync(file, Buffer.from('SQLite format 3\0' + '\u00ff'.repeat(8000), 'latin1'));

    const result = restoreBackup(file);
    expect(fs.existsSync(`${result.setAside}-wal`)).toBe(true);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(integrity(file)).toBe('ok');
    expect(myNotes(file)).toEqual(['before the backup']);
  });

  it('refuses a damaged backup and changes nothing', async () => {
    const { file, backup } = await databaseWithBackup();
    fs.writeFileSync(backup, Buffer.from('SQLite format 3\0' + 'z'.repeat(9000), 'latin1'));
    const before = fs.readFileSync(file);
    expect(() => restoreBackup(file, backup)).toThrow(/cannot be restored/);
    expect(() => restoreBackup(file)).toThrow(/no good backup/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(['backups', 'cardwise.db']);
  });

  it('backs up a healthy file before replacing it, even when that rotates the chosen backup out', async () => {
    const { file } = await databaseWithBackup();
    const app = openApp({ dbPath: file });
    for (let i = 1; i <= 4; i++) backupNow(app.db, file, new Date(Date.UTC(2025, 11, i)));
    app.close();
    const backups = listBackups(file);
    expect(backups).toHaveLength(5);
    const oldest = backups[4]!;
    expect(oldest.takenAt.toISOString()).toBe('2025-11-30T09:00:00.000Z');

    const result = restoreBackup(file, oldest.file, new Date('2025-12-10T00:00:00Z'));
    expect(result.setAside).toBeNull();
    expect(result.safetyBackup).not.toBeNull();
    expect(myNotes(file)).toEqual(['before the backup']);
    expect(myNotes(result.safetyBackup!)).toEqual(['before the backup', 'after the backup']);
    const after = listBackups(file);
    expect(after).toHaveLength(5);
    expect(after[0]!.file).toBe(result.safetyBackup);
  });

  it('says when there is no backup at all', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    expect(() => restoreBackup(file)).toThrow(/no good backup/);
  });
});

describe('setAsideCorrupt', () => {
  it('renames the file and its side files, never overwriting an earlier one', () => {
    const dir = tempDir();
    const file = path.join(dir, 'cardwise.db');
    const at = new Date('2025-12-01T00:00:00Z');
    fs.writeFileSync(file, 'one');
    fs.writeFileSync(`${file}-wal`, 'wal one');
    const first = setAsideCorrupt(file, at);
    fs.writeFileSync(file, 'two');
    const second = setAsideCorrupt(file, at);
    expect(second).not.toBe(first);
    expect(fs.readFileSync(first, 'utf8')).toBe('one');
    expect(fs.readFileSync(`${first}-wal`, 'utf8')).toBe('wal one');
    expect(fs.readFileSync(second, 'utf8')).toBe('two');
    expect(fs.existsSync(file)).toBe(false);
  });
});
