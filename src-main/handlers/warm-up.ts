import type { Db } from '../db/driver';
import { methodSchema } from '../domain/estimate/choices';
import { loadCalibrationRuns } from './calibration';
import { catalogSnapshot } from './catalog-snapshot';

/**
 * Reads, before anyone asks, what the first estimate of a session would otherwise read in its own call:
 * the catalog snapshot and, for every method, the logged and published runs with the raw estimator's
 * prediction of each (handlers/calibration.ts). `cardwise serve` runs it once it listens, while the
 * browser loads the page (on another core), so the page's first estimate answers from memory. Both are
 * kept until the next write, as they would be after a first call.
 */
export function warmUp(db: Db): void {
  const { cards, presets } = catalogSnapshot(db);
  for (const method of methodSchema.options) loadCalibrationRuns(db, method, cards, presets);
}

/**
 * warmUp once the current task is done (the shell has printed its address or opened its window). A failure
 * is left to the call that needs what failed: it reads it again and answers with what went wrong.
 */
export function warmUpSoon(db: Db): void {
  setImmediate(() => {
    try {
      warmUp(db);
    } catch {
      // Reported by the first estimate that asks, not here.
    }
  });
}
