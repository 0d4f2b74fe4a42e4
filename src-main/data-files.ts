import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPaths } from './db/paths';

/**
 * Reads one JSON file of data/ (seed and reference data) for tests and scripts, so the pure
 * domain's own tests never touch the file system themselves. The app seeds through db/seed.ts.
 */
export function readDataFile<T>(name: string): T {
  return JSON.parse(readFileSync(join(defaultPaths().dataDir, name), 'utf8')) as T;
}
