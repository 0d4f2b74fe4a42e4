import { describe, expect, it } from 'vitest';
import { cliArguments, dbPathFromArgs } from './args';

describe('dbPathFromArgs', () => {
  it('reads --db PATH and --db=PATH, before CARDWISE_DB', () => {
    expect(dbPathFromArgs(['electron', '.', '--db', '/tmp/a.db'], { CARDWISE_DB: '/tmp/b.db' })).toBe('/tmp/a.db');
    expect(dbPathFromArgs(['--db=/tmp/c.db'], {})).toBe('/tmp/c.db');
    expect(dbPathFromArgs(['electron', '.'], { CARDWISE_DB: '/tmp/b.db' })).toBe('/tmp/b.db');
    expect(dbPathFromArgs(['electron', '.', '--db'], {})).toBeUndefined();
  });
});

describe('cliArguments', () => {
  const exe = '/opt/Cardwise/cardwise';
  it('runs the command line for a command word, help, or the launchers’ --cli', () => {
    expect(cliArguments([exe, 'estimate', '--model', 'llama-2-13b'], true)).toEqual([
      'estimate',
      '--model',
      'llama-2-13b',
    ]);
    expect(cliArguments([exe, '--db', '/tmp/x.db', 'runs', 'list'], true)).toEqual([
      '--db',
      '/tmp/x.db',
      'runs',
      'list',
    ]);
    expect(cliArguments([exe, '--json', 'cards', 'list'], true)).toEqual(['--json', 'cards', 'list']);
    expect(cliArguments([exe, '--help'], true)).toEqual(['--help']);
    expect(cliArguments([exe, '--cli'], true)).toEqual([]);
    expect(cliArguments([exe, '--cli', 'models', 'list'], true)).toEqual(['models', 'list']);
    expect(cliArguments(['/usr/bin/electron', '.', '--cli', 'cards', 'list'], false)).toEqual(['cards', 'list']);
  });

  it('opens the window for a desktop launch, Chromium switches, --db alone, or a checkout', () => {
    expect(cliArguments([exe], true)).toBeNull();
    expect(cliArguments([exe, '--no-sandbox'], true)).toBeNull();
    expect(cliArguments([exe, '-psn_0_12345'], true)).toBeNull();
    expect(cliArguments([exe, '--db', '/tmp/x.db'], true)).toBeNull();
    expect(cliArguments([exe, '--enable-features=X', 'estimate'], true)).toBeNull();
    expect(cliArguments(['/usr/bin/electron', '.', 'estimate'], false)).toBeNull();
  });
});
