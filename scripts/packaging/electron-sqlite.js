#!/usr/bin/env node
// better-sqlite3 built for Electron's ABI, into its own folder: out/native/<platform>-<arch>/.
// node_modules keeps the Node build that `npm test` and `npx cardwise` load; the Electron
// main loads this one through better-sqlite3's `nativeBinding` option (src-main/electron/native-sqlite.ts).
//
//   npm run native:electron                  this machine's platform and arch
//   node scripts/packaging/electron-sqlite.js --platform win32 --arch x64
//
// electron-builder runs it before packing each platform (scripts/packaging/before-pack.js).
// Where the binary comes from, in order: better-sqlite3's prebuilt binary for this Electron
// (prebuild-install --runtime electron; needs the network), else a compile against Electron's
// headers (@electron/rebuild; the network and a C++ toolchain, this platform only).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BINARY = 'better_sqlite3.node';

/** The folder the Electron-ABI binary goes to; src-main/electron/native-sqlite.ts reads the same place. */
export function nativeDir(root, platform, arch) {
  return join(root, 'out', 'native', `${platform}-${arch}`);
}

/** What electron-builder copies into the app being packed (electron-builder.yml `files`). */
export function stagingDir(root) {
  return join(root, 'out', 'native', 'app');
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Throws unless `file` starts like a native module of `platform`: ELF, Mach-O (64-bit or fat), PE. */
export function assertNative(file, platform) {
  const head = readFileSync(file).subarray(0, 4).toString('hex');
  const magic = { linux: ['7f454c46'], darwin: ['cffaedfe', 'feedfacf', 'cafebabe'], win32: ['4d5a'] }[platform] ?? [];
  if (!magic.some((prefix) => head.startsWith(prefix))) {
    throw new Error(`native: ${file} is not a ${platform} native module`);
  }
}

/**
 * Makes sure out/native/<platform>-<arch>/better_sqlite3.node is better-sqlite3 built for
 * `electronVersion`; a stamp next to it (versions and source) makes a second run free.
 * Returns the binary's path; throws with what to do when no way worked.
 */
export async function prepareElectronSqlite({
  root = ROOT,
  electronVersion = readJson(join(root, 'node_modules/electron/package.json')).version,
  platform = process.platform,
  arch = process.arch,
  log = (line) => console.log(line),
} = {}) {
  const sqliteVersion = readJson(join(root, 'node_modules/better-sqlite3/package.json')).version;
  const outDir = nativeDir(root, platform, arch);
  const target = join(outDir, BINARY);
  const stampFile = join(outDir, 'stamp.json');
  const wanted = { electron: electronVersion, betterSqlite3: sqliteVersion, platform, arch };
  const stamp = wanted;
  if (existsSync(target) && existsSync(stampFile) && JSON.stringify(readJson(stampFile)) === JSON.stringify(stamp)) {
    log(`native: ${target} is already better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}`);
    return target;
  }
  mkdirSync(outDir, { recursive: true });
  rmSync(stampFile, { force: true });

  const work = join(outDir, 'work');
  try {
    copyFileSync(buildInWorkCopy(root, work, wanted, log), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  assertNative(target, platform);
  writeFileSync(stampFile, JSON.stringify(stamp, null, 2) + '\n');
  log(`native: wrote ${target} (better-sqlite3 ${sqliteVersion}, Electron ${electronVersion}, ${platform}-${arch})`);
  return target;
}

/** Builds in `work`, a copy of the better-sqlite3 package, so node_modules is never rebuilt. */
function buildInWorkCopy(root, work, { electron, betterSqlite3, platform, arch }, log) {
  const pkg = join(work, 'node_modules', 'better-sqlite3');
  rmSync(work, { recursive: true, force: true });
  cpSync(join(root, 'node_modules/better-sqlite3'), pkg, {
    recursive: true,
    filter: (path) => !path.includes(join('better-sqlite3', 'build')),
  });
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'cardwise-native', private: true, dependencies: { 'better-sqlite3': betterSqlite3 } }) +
      '\n',
  );
  const output = join(pkg, 'build', 'Release', BINARY);

  log(`native: fetching better-sqlite3's prebuilt binary for Electron ${electron} (${platform}-${arch})`);
  const prebuild = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/prebuild-install/bin.js'),
      '--runtime=electron',
      `--target=${electron}`,
      `--platform=${platform}`,
      `--arch=${arch}`,
      '--verbose',
    ],
    { cwd: pkg, stdio: 'inherit' },
  );
  if (prebuild.status === 0 && existsSync(output)) return output;

  if (platform !== process.platform || arch !== process.arch) {
    throw new Error(
      `native: no prebuilt better-sqlite3 for Electron ${electron} on ${platform}-${arch}, and it cannot be compiled ` +
        `for another platform here: package on a ${platform}-${arch} machine, or set CARDWISE_ELECTRON_SQLITE to a built ${BINARY}`,
    );
  }
  log(`native: no prebuilt binary; compiling better-sqlite3 against Electron ${electron}'s headers`);
  const rebuild = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@electron/rebuild/lib/cli.js'),
      `--version=${electron}`,
      `--arch=${arch}`,
      '--module-dir=.',
      '--only=better-sqlite3',
      '--build-from-source',
      '--force',
    ],
    { cwd: work, stdio: 'inherit' },
  );
  if (rebuild.status === 0 && existsSync(output)) return output;
  throw new Error(
    `native: could not get better-sqlite3 for Electron ${electron}: both the prebuilt download and the compile failed ` +
      '(both need the network; the compile also needs Python and a C++ toolchain). See the lines above.',
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { platform: { type: 'string' }, arch: { type: 'string' } } });
  prepareElectronSqlite({ platform: values.platform, arch: values.arch }).catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
