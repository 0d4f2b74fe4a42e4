/** out/native/<platform>-<arch>/, where the Electron-ABI better-sqlite3 goes. */
export function nativeDir(root: string, platform: string, arch: string): string;
/** What electron-builder copies into the app being packed. */
export function stagingDir(root: string): string;
/** Throws unless `file` starts like a native module of `platform`. */
export function assertNative(file: string, platform: string): void;
/** Makes sure better-sqlite3 for `electronVersion` is in nativeDir(); returns its path. */
export function prepareElectronSqlite(options?: {
  root?: string;
  electronVersion?: string;
  platform?: string;
  arch?: string;
  log?: (line: string) => void;
}): Promise<string>;
