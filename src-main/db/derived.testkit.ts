/* Shared by the tests of what the run log's triggers keep (runs-derived.ts): imports both ways, a migrated store. */
import path from 'node:path';
import { runInputSchema, type RunInputDraft } from '../domain/runs';
import { bundledAssets } from './bundled';
import type { Db } from './driver';
import { migrationsFrom } from './migrate';
import { openDb } from './open';
import { importRuns } from './runs-import';
import { INSERT_RUN_SQL, runValues } from './runs-rows';
import { tempDir } from './test-support.testkit';

/**
 * Imports runs both ways an import writes them (runs-import.ts): first enough to at least double the log, so the
 * log's triggers are turned off and what they keep is built once at the end (runs-derived.ts), then `late` runs
 * through the triggers; `check` runs after each. Returns the names of the log's triggers matching `glob` afterwards,
 * in order (the first import must have put them back).
 */
export async function importBothWays(
  db: Db,
  runs: { bulk: (i: number) => RunInputDraft; late: RunInputDraft[] },
  check: () => void,
  glob: string,
): Promise<string[]> {
  const logged = (db.prepare('SELECT coalesce(max(id), 0) AS id FROM runs').get() as { id: number }).id;
  await importRuns(
    db,
    Array.from({ length: logged + 300 }, (_, i) => runs.bulk(i)),
  );
  check();
  await importRuns(db, runs.late);
  check();
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB ? ORDER BY name").all(glob) as {
      name: string;
    }[]
  ).map((trigger) => trigger.name);
}

/**
 * A store whose `runs` (the user's) and `published` runs were logged before migration `version` (written by the same
 * insert as the app's), then opened with every migration, so that migration met them: for what a migration builds
 * from the runs already logged.
 */
export function migratedOver(
  version: number,
  runs: readonly RunInputDraft[],
  published: readonly RunInputDraft[] = [],
): Db {
  const file = path.join(tempDir(), 'cardwise.db');
  const all = migrationsFrom(bundledAssets.migrations);
  const old = openDb(file, { migrations: all.filter((m) => m.version < version) });
  const mine = { origin: 'mine', citation: null, refId: null, estimate: null, createdAt: new Date(0) } as const;
  const table = { ...mine, origin: 'published', citation: 'a published table' } as const;
  const insert = old.prepare(INSERT_RUN_SQL);
  for (const run of runs) insert.run(runValues(runInputSchema.parse(run), mine));
  published.forEach((run, i) => insert.run(runValues(runInputSchema.parse(run), { ...table, refId: `table-${i}` })));
  old.close();
  return openDb(file, { migrations: all });
}

/** How a published run is stored (insertRun's meta): for the tests of what counts published runs and what does not. */
export function publishedMeta(refId = 'ref-1') {
  return { origin: 'published', citation: 'a paper', refId, estimate: null, createdAt: new Date() } as const;
}

/** A new store (its file, to open a second connection to it). */
export function freshStore(): { db: Db; file: string } {
  const file = path.join(tempDir(), 'cardwise.db');
  return { db: openDb(file), file };
}
