import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeBindingPath, probeNativeBinding } from './native-sqlite';

const dir = mkdtempSync(join(tmpdir(), 'cardwise-native-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nativeBindingPath', () => {
  it('reads the unpacked copy in a packaged app and out/native in a checkout', () => {
    expect(
      nativeBindingPath({
        packaged: true,
        appPath: '/opt/Cardwise/resources/app.asar',
        platform: 'linux',
        arch: 'x64',
      }),
    ).toBe('/opt/Cardwise/resources/app.asar.unpacked/native/better_sqlite3.node');
    expect(nativeBindingPath({ packaged: false, appPath: '/src/cardwise', platform: 'darwin', arch: 'arm64' })).toBe(
      '/src/cardwise/out/native/darwin-arm64/better_sqlite3.node',
    );
  });
});

describe('probeNativeBinding', () => {
  it('accepts a module this runtime can load (the Node build, here in Node)', () => {
    const nodeBuild = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
    expect(probeNativeBinding(nodeBuild)).toBeNull();
  });

  it('says the module is missing', () => {
    expect(probeNativeBinding(join(dir, 'absent.node'))).toMatchObject({ kind: 'missing' });
  });

  it('says a file that is not a loadable module is unloadable, with the loader’s reason', () => {
    const broken = join(dir, 'broken.node');
    writeFileSync(broken, 'not an ELF file');
    const problem = probeNativeBinding(broken);
    expect(problem).toMatchObject({ kind: 'unloadable', path: broken });
    expect(problem!.detail.length).toBeGreaterThan(0);
    expect(problem!.detail).not.toContain('\n');
  });
});
