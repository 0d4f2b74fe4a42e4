import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Path of the Electron binary if it is present, without requiring the `electron`
 * package (in plain Node that tries to download the binary and throws).
 */
export function findElectronBinary(root) {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist');
  const binary = join(dist, relative);
  return existsSync(binary) ? binary : null;
}
