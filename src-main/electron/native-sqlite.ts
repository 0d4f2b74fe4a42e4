import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Where the Electron main finds better-sqlite3 built for Electron: packaged, in
 * `app.asar.unpacked/native/` (electron-builder.yml); unpackaged, in
 * `out/native/<platform>-<arch>/` (scripts/packaging/electron-sqlite.js, `npm run native:electron`).
 * node_modules holds the Node build, which Electron cannot load.
 */
export function nativeBindingPath(app: { packaged: boolean; appPath: string; platform: string; arch: string }): string {
  if (app.packaged) return join(app.appPath.replace(/\.asar$/, '.asar.unpacked'), 'native', 'better_sqlite3.node');
  return join(app.appPath, 'out', 'native', `${app.platform}-${app.arch}`, 'better_sqlite3.node');
}

/** Why the SQLite module would not load: absent, or present but refused (wrong ABI, platform, damage). */
export interface NativeProblem {
  kind: 'missing' | 'unloadable';
  path: string;
  /** The loader's first line, e.g. "… was compiled against a different Node.js version using NODE_MODULE_VERSION 115 …". */
  detail: string;
}

/**
 * Loads the module once, before better-sqlite3 does (it gets the same loaded module through
 * `nativeBinding`), so a bad binary becomes a message in the window instead of a crash.
 */
export function probeNativeBinding(
  path: string,
  load: (path: string) => unknown = createRequire(import.meta.url),
): NativeProblem | null {
  if (!existsSync(path)) return { kind: 'missing', path, detail: `${path} does not exist` };
  try {
    load(path);
    return null;
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 400);
    return { kind: 'unloadable', path, detail };
  }
}
