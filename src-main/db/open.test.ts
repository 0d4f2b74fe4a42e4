import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPEN_BUSY_TIMEOUT_MS, openDb } from './open';
import { StoreError } from './store-error';
import { tempDir } from './test-support.testkit';

function openError(file: string): StoreError {
  try {
    openDb(file).close();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected openDb to throw');
}

describe('openDb', () => {
  it('creates missing folders and sets WAL, foreign keys, busy timeout and synchronous=NORMAL', () => {
    const file = path.join(tempDir(), 'deep', 'er', 'cardwise.db');
    const db = openDb(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(OPEN_BUSY_TIMEOUT_MS);
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // 1 = NORMAL
    db.close();
    expect(fs.existsSync(file)).toBe(true);
  });

  it('enforces foreign keys: an offer for an unknown card is rejected', () => {
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    const insert =
      db.prepare(`INSERT INTO offers (id, card_id, provider, billing, price, currency, observed_at, source, updated_at)
      VALUES ('o1', 'no-such-card', 'p', 'hourly', 1, 'CNY', '2025-01-01', 's', '2025-01-01')`);
    expect(() => insert.run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('refuses a file that is not a database and leaves it byte-identical', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const garbage = Buffer.from('these are my notes, not a database\n'.repeat(200));
    fs.writeFileSync(file, garbage);
    const error = openError(file);
    expect(error.code).toBe('corrupt');
    expect(error.message).toContain(file);
    expect(fs.readFileSync(file).equals(garbage)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['cardwise.db']);
  });

  it('refuses a database whose pages are damaged and leaves it byte-identical', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const db = openDb(file);
    const insert = db.prepare('INSERT INTO settings (key, value) VALUES (?, \'"x"\')');
    for (let i = 0; i < 500; i++) insert.run(`key-${i}`);
    db.close();
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    // Overwrite every page after the first (schema) one with noise; the header stays valid.
    for (let offset = pageSize; offset < bytes.length; offset++) bytes[offset] = (offset * 31) & 0xff;
    fs.writeFileSync(file, bytes);
    const error = openError(file);
    expect(error.code).toBe('corrupt');
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('reports a path it cannot use as an io error', () => {
    const dir = tempDir();
    const error = openError(dir); // a folder, not a file
    expect(error.code).toBe('io');
  });
});
