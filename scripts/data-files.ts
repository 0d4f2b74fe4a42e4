import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPaths } from '../src-main/db/paths';
import { referenceRunSchema, type ReferenceRun } from '../src-main/domain/reference-runs';

/**
 * Reads one JSON file of data/ (seed and reference data) for tests and scripts, so the pure
 * domain's own tests never touch the file system themselves. The app seeds through db/seed.ts.
 */
export function readDataFile<T>(name: string): T {
  return JSON.parse(readFileSync(join(defaultPaths().dataDir, name), 'utf8')) as T;
}

/** data/reference-runs.json, every row checked against the schema the seed uses. */
export function readReferenceRuns(): ReferenceRun[] {
  return z.array(referenceRunSchema).parse(readDataFile<unknown>('reference-runs.json'));
}
