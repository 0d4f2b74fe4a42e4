import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDbPath, defaultPaths } from './paths';

describe('defaultPaths', () => {
  it('finds the app root', () => {
    const { appRoot } = defaultPaths();
    expect(fs.existsSync(path.join(appRoot, 'package.json'))).toBe(true);
  });
});

describe('defaultDbPath', () => {
  it('prefers CARDWISE_DB', () => {
    expect(defaultDbPath({ CARDWISE_DB: '/tmp/x.db' }, 'linux', '/home/u')).toBe('/tmp/x.db');
  });

  it('uses the folder Electron uses for userData on each platform', () => {
    expect(defaultDbPath({}, 'linux', '/home/u')).toBe('/home/u/.config/Cardwise/cardwise.db');
    expect(defaultDbPath({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/Cardwise/cardwise.db');
    expect(defaultDbPath({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/Cardwise/cardwise.db');
    expect(defaultDbPath({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Cardwise\\cardwise.db',
    );
  });
});
