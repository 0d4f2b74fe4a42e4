import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isBusyError } from './busy';
import { toStoreError } from './store-error';

const driverError = (code: string) => new Database.SqliteError(`${code} from the driver`, code);

describe('which driver errors mean "another process is in the way, try again"', () => {
  it('a held lock and a schema changed under a statement are; a refused row or a damaged file is not', () => {
    const transient = ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_SCHEMA'];
    const lasting = ['SQLITE_CONSTRAINT_CHECK', 'SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_ERROR', 'SQLITE_IOERR'];
    expect(transient.map((code) => isBusyError(driverError(code)))).toEqual(transient.map(() => true));
    expect(lasting.map((code) => isBusyError(driverError(code)))).toEqual(lasting.map(() => false));
    expect([undefined, null, new Error('SQLITE_BUSY')].map(isBusyError)).toEqual([false, false, false]);
  });

  it('the store answers both as busy, naming the file and the driver code', () => {
    const error = toStoreError(driverError('SQLITE_SCHEMA'), '/data/cardwise.db');
    expect(error.code).toBe('busy');
    expect(error.message).toContain('/data/cardwise.db');
    expect(error.message).toContain('SQLITE_SCHEMA');
    expect(toStoreError(driverError('SQLITE_CORRUPT'), '/data/cardwise.db').code).toBe('corrupt');
  });
});
