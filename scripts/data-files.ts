import { z } from 'zod';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceRunSchema, type ReferenceRun } from '../src-main/domain/reference-runs';

/**
 * Reads one JSON file of data/ (seed and reference data) for tests and scripts, so the pure
 * domain's own tests never touch the file system themselves. The app seeds through db/seed.ts.
 */
export function readDataFile<T>(name: string): T {
  return JSON.parse(readFileSync(join(DATA_DIR, name), 'utf8')) as T;
}

/** data/ of this checkout: scripts and tests read it here; the app gets it bundled (src-main/db/bundled.ts). */
export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');

/** data/reference-runs.json, every row checked against the schema the seed uses. */
export function readReferenceRuns(): ReferenceRun[] {
  return z.array(referenceRunSchema).parse(readDataFile<unknown>('reference-runs.json'));
}

/** src-main/domain of this checkout, whose folders keep their tests' fixture files in `fixtures/`. */
const DOMAIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src-main', 'domain');

/** One fixture file of a domain folder (src-main/domain/<folder>/fixtures/<name>), read for the domain's tests. */
export function readFixture(folder: string, name: string): string {
  return readFileSync(join(DOMAIN_DIR, folder, 'fixtures', name), 'utf8');
}

/** Every file under a domain folder's fixtures/, as paths relative to it. */
export function fixtureNames(folder: string): string[] {
  return readdirSync(join(DOMAIN_DIR, folder, 'fixtures'), { recursive: true, encoding: 'utf8' });
}
