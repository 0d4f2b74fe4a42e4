import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bundledAssets } from './bundled';
import { migrationsFrom } from './migrate';
import { openDb } from './open';
import { StoreError } from './store-error';
import { migrationsWith, readMigrations, tempDir } from './test-support.testkit';

const latest = migrationsFrom(bundledAssets.migrations).length;

function storeErrorOf(action: () => unknown): StoreError {
  try {
    action();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

describe('migrations', () => {
  it('are bundled as the files of src-main/db/migrations, byte for byte', () => {
    const dir = path.join(import.meta.dirname, 'migrations');
    const files = Object.fromEntries(
      fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
    );
    expect(bundledAssets.migrations).toEqual(files);
  });

  it('migrates a fresh file to the newest version and records each migration', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const db = openDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    const applied = db.prepare('SELECT version, name, checksum FROM schema_migrations').all() as {
      version: number;
      name: string;
      checksum: string;
    }[];
    expect(applied.map((m) => m.version)).toEqual(Array.from({ length: latest }, (_, i) => i + 1));
    expect(applied[0]?.name).toBe('init');
    expect(applied[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    );
    expect(tables).toEqual(
      expect.arrayContaining(['cards', 'offers', 'models', 'settings', 'seed_tombstones', 'runs']),
    );
    db.close();
    expect(fs.existsSync(path.join(path.dirname(file), 'backups'))).toBe(false);
  });

  it('refuses a file whose schema is newer than the app and leaves its bytes unchanged', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    openDb(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${latest + 1}`);
    // Rollback-journal mode, so that switching it to WAL too early would change the header.
    raw.pragma('journal_mode = DELETE');
    raw.close();
    const before = fs.readFileSync(file);
    const error = storeErrorOf(() => openDb(file));
    expect(error.code).toBe('newer-schema');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['cardwise.db']);
    expect(error.message).toMatch(new RegExp(`version ${latest + 1}`));
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a database whose applied migration was edited since', () => {
    const dir = migrationsWith({});
    const file = path.join(tempDir(), 'cardwise.db');
    openDb(file, { migrations: readMigrations(dir) }).close();
    fs.appendFileSync(path.join(dir, '001_init.sql'), '\nCREATE TABLE sneaky (x INTEGER);\n');
    const before = fs.readFileSync(file);
    const error = storeErrorOf(() => openDb(file, { migrations: readMigrations(dir) }));
    expect(error.code).toBe('checksum-mismatch');
    expect(error.message).toContain('001_init');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('does not treat CRLF line endings as an edit', () => {
    const dir = migrationsWith({});
    const file = path.join(tempDir(), 'cardwise.db');
    openDb(file, { migrations: readMigrations(dir) }).close();
    const init = path.join(dir, '001_init.sql');
    fs.writeFileSync(init, fs.readFileSync(init, 'utf8').replace(/\n/g, '\r\n'));
    expect(() => openDb(file, { migrations: readMigrations(dir) }).close()).not.toThrow();
  });

  it('backs up an existing database before upgrading it; the backup holds the old data', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const v1 = openDb(file);
    v1.prepare("INSERT INTO settings (key, value) VALUES ('language', '\"zh-CN\"')").run();
    v1.close();

    const dir = migrationsWith({ [latest + 1]: 'ALTER TABLE settings ADD COLUMN note TEXT;' });
    const now = new Date('2025-11-30T09:00:00.000Z');
    const v2 = openDb(file, { migrations: readMigrations(dir), now: () => now });
    expect(v2.pragma('user_version', { simple: true })).toBe(latest + 1);
    v2.close();

    const backups = fs.readdirSync(path.join(path.dirname(file), 'backups'));
    expect(backups).toEqual([`cardwise.db-v${latest}-20251130T090000000Z.db`]);
    const backup = new Database(path.join(path.dirname(file), 'backups', backups[0] as string), { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(latest);
    expect(backup.prepare('SELECT value FROM settings WHERE key = ?').get('language')).toEqual({ value: '"zh-CN"' });
    const columns = (backup.prepare('PRAGMA table_info(settings)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('note');
    backup.close();
  });

  it('keeps only the newest 5 backups', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    openDb(file).close();
    const extra: Record<number, string> = {};
    const base = Date.parse('2025-11-01T00:00:00Z');
    for (let step = 1; step <= 7; step++) {
      extra[latest + step] = `CREATE TABLE step_${step} (x INTEGER);`;
      const db = openDb(file, {
        migrations: readMigrations(migrationsWith(extra)),
        now: () => new Date(base + step * 60_000),
      });
      db.close();
    }
    const backups = fs.readdirSync(path.join(path.dirname(file), 'backups')).sort();
    expect(backups).toHaveLength(5);
    // Backups were taken at versions latest .. latest+6; the two oldest were rotated out.
    // Sorted as numbers: file names sort v10 before v6.
    const versions = backups.map((b) => Number(/-v(\d+)-/.exec(b)?.[1])).sort((a, b) => a - b);
    expect(versions).toEqual([3, 4, 5, 6, 7].map((k) => latest + k - 1));
  });

  it('rolls back a failing migration as a whole and reports which one failed', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    openDb(file).close();
    const dir = migrationsWith({
      [latest + 1]: 'CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);',
    });
    const error = storeErrorOf(() => openDb(file, { migrations: readMigrations(dir) }));
    expect(error.code).toBe('migration-failed');
    expect(error.message).toContain(`${String(latest + 1).padStart(3, '0')}_extra_${latest + 1}`);
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(latest);
    expect(raw.prepare("SELECT 1 FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    raw.close();
  });

  it('rejects a migrations folder with a gap in its numbering', () => {
    const dir = migrationsWith({ [latest + 2]: 'SELECT 1;' });
    expect(() => readMigrations(dir)).toThrow(/without gaps/);
  });
});
