import type { Db } from '../db/driver';
import { countMatching } from '../db/runs-counts';
import { methodSchema, type Method } from '../domain/estimate/choices';
import { loadCalibrationRuns } from './calibration';
import { catalogSnapshot } from './catalog-snapshot';

/**
 * The most runs of one method a warm-up reads. The read holds the thread it runs on (the first read of a
 * 100,000-run log took 1369 ms: README "Performance"), and a request that arrives meanwhile waits for it;
 * the runs of a method with more are read by its first estimate, as they were without a warm-up.
 */
export const WARM_UP_MAX_RUNS = 20_000;

/**
 * Reads, before anyone asks, what the first estimate of a session would otherwise read in its own call:
 * the catalog snapshot and, for every method, the logged and published runs with the raw estimator's
 * prediction of each (handlers/calibration.ts), up to WARM_UP_MAX_RUNS runs a method. Both are kept
 * until the next write, as they would be after a first call.
 */
export function warmUp(db: Db, maxRuns = WARM_UP_MAX_RUNS): void {
  for (const method of methodSchema.options) warmUpMethod(db, method, maxRuns);
}

function warmUpMethod(db: Db, method: Method, maxRuns: number): void {
  if (countMatching(db, { method }) > maxRuns) return;
  const { cards, presets } = catalogSnapshot(db);
  loadCalibrationRuns(db, method, cards, presets);
}

/**
 * warmUp once the current task is done (the shell has printed its address or opened its window), one
 * method per task, so a request that arrives meanwhile (the page's files, its first lists) is answered
 * between them. `cardwise serve` and the desktop shell run it while the page loads in the other process,
 * so the page's first estimate answers from memory. A failure is left to the call that needs what failed:
 * it reads it again and answers with what went wrong.
 */
export function warmUpSoon(db: Db): void {
  const methods = [...methodSchema.options];
  const next = () => {
    const method = methods.shift();
    if (method === undefined) return;
    try {
      warmUpMethod(db, method, WARM_UP_MAX_RUNS);
    } catch {
      return; // Reported by the first estimate that asks, not here.
    }
    setImmediate(next);
  };
  setImmediate(next);
}
