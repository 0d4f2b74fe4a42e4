import { describe, expect, it } from 'vitest';
import { dbPathFromArgs } from './args';

describe('dbPathFromArgs', () => {
  it('reads --db PATH and --db=PATH, before CARDWISE_DB', () => {
    expect(dbPathFromArgs(['electron', '.', '--db', '/tmp/a.db'], { CARDWISE_DB: '/tmp/b.db' })).toBe('/tmp/a.db');
    expect(dbPathFromArgs(['--db=/tmp/c.db'], {})).toBe('/tmp/c.db');
    expect(dbPathFromArgs(['electron', '.'], { CARDWISE_DB: '/tmp/b.db' })).toBe('/tmp/b.db');
    expect(dbPathFromArgs(['electron', '.', '--db'], {})).toBeUndefined();
  });
});
