import type { Db } from '../db/driver';
import { measuredRuns } from '../db/runs-queries';
import { writeVersion } from '../db/write-version';
import type { Card, ModelPreset } from '../domain/catalog';
import type { EstimateInput } from '../domain/estimate/input';
import { calibrationRunsFrom, type CalibrationRun } from '../domain/calibrate';

/**
 * Loads the logged runs (the user's and the published ones) that can correct estimates of `method`
 * on the catalog's cards, each paired with the raw estimator's prediction (domain/calibrate).
 */
export function loadCalibrationRuns(
  db: Db,
  method: EstimateInput['method'],
  cards: Card[],
  presets: ModelPreset[],
): CalibrationRun[] {
  const version = writeVersion(db);
  let perMethod = loadedRuns.get(db);
  // The catalog snapshot hands out the same frozen arrays until a write, so identity is enough: a JSON
  // key of the whole catalog cost more than the rest of an estimate.
  if (perMethod?.version !== version || perMethod.cards !== cards || perMethod.presets !== presets) {
    perMethod = { version, cards, presets, runs: new Map() };
    loadedRuns.set(db, perMethod);
  }
  let runs = perMethod.runs.get(method);
  if (!runs) {
    const logged = measuredRuns(
      db,
      method,
      cards.map((card) => card.id),
    );
    runs = calibrationRunsFrom(logged, cards, presets);
    perMethod.runs.set(method, runs);
  }
  return runs;
}

/**
 * The calibration runs last loaded per database and method, valid until the file changes: `cardwise
 * estimate --input` with thousands of inputs reads and re-estimates the runs once per method, not per input
 * (with the 750 published rows seeded, re-reading them made 2,000 inputs take twice as long).
 */
const loadedRuns = new WeakMap<
  Db,
  { version: string; cards: Card[]; presets: ModelPreset[]; runs: Map<string, CalibrationRun[]> }
>();
