import type Database from 'better-sqlite3';

/**
 * The database handle every repository takes. One alias, so that swapping the driver
 * (node:sqlite once the toolchain is on Node >= 22) touches this file and open.ts only.
 */
export type Db = Database.Database;

let processBinding: string | undefined;

/**
 * Where this process loads better-sqlite3's native module from. Node (tests, `npx cardwise`,
 * the server) uses the build in node_modules; the Electron main sets the Electron-ABI build
 * once at startup (src-main/electron/native-sqlite.ts), for every connection it opens.
 */
export function setNativeBinding(path: string | undefined): void {
  processBinding = path;
}

/** better-sqlite3 constructor options with this process's native module, if one was set. */
export function driverOptions(options: Database.Options = {}, nativeBinding = processBinding): Database.Options {
  return nativeBinding ? { ...options, nativeBinding } : options;
}
