import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb } from './open';
import { StoreError } from './store-error';
import { tempDir } from './test-support.testkit';

afterEach(() => vi.restoreAllMocks());

/** Opens and closes the store; whether the open ran the integrity check. */
function openChecked(file: string): boolean {
  const pragma = vi.spyOn(Database.prototype, 'pragma');
  try {
    openDb(file).close();
    return pragma.mock.calls.some(([source]) => source === 'quick_check');
  } finally {
    pragma.mockRestore();
  }
}

function write(file: string, key: string): void {
  const db = openDb(file);
  db.prepare(`INSERT INTO settings (key, value) VALUES (?, '"x"')`).run(key);
  db.close();
}

describe('the integrity check at open', () => {
  it('reads the file again only when it changed since its last clean check', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    write(file, 'first');
    expect(openChecked(file)).toBe(true);
    expect(fs.existsSync(`${file}.checked`)).toBe(true);
    // Nothing wrote the file since: the check is not run again, however often it is opened.
    expect(openChecked(file)).toBe(false);
    expect(openChecked(file)).toBe(false);
    write(file, 'second');
    expect(openChecked(file)).toBe(true);
    expect(openChecked(file)).toBe(false);
  });

  it('still refuses a file damaged after its last clean check, and keeps no record of a refused open', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const db = openDb(file);
    const insert = db.prepare(`INSERT INTO settings (key, value) VALUES (?, '"x"')`);
    for (let i = 0; i < 500; i++) insert.run(`key-${i}`);
    db.close();
    expect(openChecked(file)).toBe(true);
    const record = fs.readFileSync(`${file}.checked`, 'utf8');
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    for (let offset = pageSize; offset < bytes.length; offset++) bytes[offset] = (offset * 31) & 0xff;
    fs.writeFileSync(file, bytes);
    expect(() => openDb(file)).toThrow(StoreError);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readFileSync(`${file}.checked`, 'utf8')).toBe(record);
  });

  it('checks a file whose record cannot be read', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    write(file, 'first');
    expect(openChecked(file)).toBe(true);
    fs.writeFileSync(`${file}.checked`, 'not a state');
    expect(openChecked(file)).toBe(true);
    expect(openChecked(file)).toBe(false);
  });
});
