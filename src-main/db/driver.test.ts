import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { driverOptions, setNativeBinding } from './driver';
import { openDb } from './open';

const dir = mkdtempSync(join(tmpdir(), 'cardwise-driver-'));
const nodeBuild = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
afterEach(() => setNativeBinding(undefined));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the native module a connection loads', () => {
  it('is better-sqlite3’s own unless one is named, by the caller or for the process', () => {
    expect(driverOptions({ readonly: true })).toEqual({ readonly: true });
    expect(driverOptions({}, '/a.node')).toEqual({ nativeBinding: '/a.node' });
    setNativeBinding('/b.node');
    expect(driverOptions({ fileMustExist: true })).toEqual({ fileMustExist: true, nativeBinding: '/b.node' });
    expect(driverOptions({}, '/a.node')).toEqual({ nativeBinding: '/a.node' });
  });

  it('reaches better-sqlite3: openDb loads the module it is given, and refuses one that is not SQLite', () => {
    const db = openDb(join(dir, 'named.db'), { nativeBinding: nodeBuild });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const bogus = join(dir, 'bogus.node');
    writeFileSync(bogus, 'not a module');
    expect(() => openDb(join(dir, 'bogus.db'), { nativeBinding: bogus })).toThrow(
      /bogus\.node|invalid ELF|file too short/,
    );
  });
});
