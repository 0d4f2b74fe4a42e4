import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the app's own files are: the root its build output (out/) sits in. */
export interface AppPaths {
  appRoot: string;
}

/**
 * The app root. This module sits two levels below the root both as source
 * (src-main/db/paths.ts) and bundled (out/main/*.js), so `../..` is the root in both. Only
 * the built renderer (out/renderer) and the published runs the build ships beside its output
 * (out/main/data) are found through it: migrations and the rest of the seed data are bundled
 * (bundled.ts). `new URL(..., import.meta.url)` is avoided on purpose: Vite rewrites it.
 */
export function defaultPaths(): AppPaths {
  return { appRoot: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..') };
}

/**
 * The database file used when the caller gives none (`--db` is the caller's business):
 * `CARDWISE_DB` if set, else `<userData>/cardwise.db`, where userData is the folder
 * Electron's `app.getPath('userData')` gives for the app name "Cardwise", so the
 * desktop app, the CLI and the server share one file.
 */
export function defaultDbPath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const override = env.CARDWISE_DB;
  if (override && override.trim() !== '') return override;
  const p = platform === 'win32' ? path.win32 : path.posix;
  return p.join(userConfigDir(env, platform, home), 'Cardwise', 'cardwise.db');
}

/** Electron's `appData`: %APPDATA%, ~/Library/Application Support, or $XDG_CONFIG_HOME / ~/.config. */
function userConfigDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return env.APPDATA || path.win32.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support');
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative $XDG_CONFIG_HOME is invalid and must be ignored.
  return xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.config');
}
