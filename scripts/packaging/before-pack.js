// electron-builder's beforePack hook: better-sqlite3 built for the Electron ABI of the
// platform and arch being packed, staged in out/native/app/ (electron-builder.yml copies it
// into the app as native/better_sqlite3.node, unpacked from the asar).
//
// $CARDWISE_ELECTRON_SQLITE names a binary to use instead (one built elsewhere, or the
// packaging test's stand-in); it is staged as is and never enters the out/native cache.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import builderUtil from 'builder-util';
import { assertNative, prepareElectronSqlite, stagingDir } from './electron-sqlite.js';

/** @param {import('app-builder-lib').BeforePackContext} context */
export default async function beforePack(context) {
  const root = context.packager.projectDir;
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName;
  const given = process.env.CARDWISE_ELECTRON_SQLITE;
  if (given && !existsSync(given))
    throw new Error(`native: CARDWISE_ELECTRON_SQLITE names ${given}, which does not exist`);
  const binary =
    given ||
    (await prepareElectronSqlite({
      root,
      electronVersion: context.packager.info.framework.version,
      platform,
      arch: builderUtil.Arch[context.arch],
    }));
  assertNative(binary, platform);
  // Platforms and arches are packed one after another, so one staging folder is enough.
  const staging = stagingDir(root);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(binary, join(staging, 'better_sqlite3.node'));
}
