import type { Db } from '../db/driver';
import { measuredRunSignatures, runsWithIds } from '../db/calibration-queries';
import { writeVersion } from '../db/write-version';
import type { Card, ModelPreset } from '../domain/catalog';
import type { EstimateInput } from '../domain/estimate/input';
import { calibrationRunsFrom, type CalibrationRun } from '../domain/calibrate';

/** What one read of a method's runs produced, kept by run id with the signature it was read at. */
interface MethodRuns {
  version: string;
  byId: Map<number, { signature: string; run: CalibrationRun | null }>;
  runs: CalibrationRun[];
}

interface Loaded {
  /** The catalog the predictions were made with. */
  cards: Card[];
  presets: ModelPreset[];
  methods: Map<string, MethodRuns>;
}

/**
 * Loads the logged runs (the user's and the published ones) that can correct estimates of `method`
 * on the catalog's cards, each paired with the raw estimator's prediction (domain/calibrate).
 *
 * The answer holds until the file changes. After a write only the runs whose signature moved (added,
 * edited) are read and estimated again, the removed ones dropped: the rest are kept from the last read,
 * so logging one run in a log of 100,000 costs one narrow scan instead of parsing and re-estimating every
 * run (issue 16). A change of the catalog (cards or model presets) re-estimates everything.
 */
export function loadCalibrationRuns(
  db: Db,
  method: EstimateInput['method'],
  cards: Card[],
  presets: ModelPreset[],
): CalibrationRun[] {
  const version = writeVersion(db);
  let loaded = loadedRuns.get(db);
  // The catalog snapshot keeps the same frozen arrays while the catalog is unchanged (a write to the run log
  // included), so identity is enough: a JSON key of the whole catalog cost more than the rest of an estimate.
  if (loaded?.cards !== cards || loaded.presets !== presets) {
    loaded = { cards, presets, methods: new Map() };
    loadedRuns.set(db, loaded);
  }
  const known = loaded.methods.get(method);
  if (known?.version === version) return known.runs;
  const next = readRuns(db, method, cards, presets, known);
  loaded.methods.set(method, { ...next, version });
  return next.runs;
}

function readRuns(
  db: Db,
  method: string,
  cards: Card[],
  presets: ModelPreset[],
  known: MethodRuns | undefined,
): Omit<MethodRuns, 'version'> {
  const signatures = measuredRunSignatures(
    db,
    method,
    cards.map((card) => card.id),
  );
  const changed = signatures
    .filter(([id, signature]) => signature === null || known?.byId.get(id)?.signature !== signature)
    .map(([id]) => id);
  const fresh = new Map<number, CalibrationRun>();
  const read = runsWithIds(db, changed);
  for (const run of calibrationRunsFrom(read, cards, presets)) fresh.set(Number(run.id), run);
  const byId: MethodRuns['byId'] = new Map();
  const runs: CalibrationRun[] = [];
  for (const [id, signature] of signatures) {
    const kept = known?.byId.get(id);
    const run = signature !== null && kept?.signature === signature ? kept.run : (fresh.get(id) ?? null);
    // A run without a content key is read again every time (none is left after opening: runs-keys.ts).
    if (signature !== null) byId.set(id, { signature, run });
    if (run) runs.push(run);
  }
  return { byId, runs };
}

/**
 * The calibration runs last loaded per database and method: `cardwise estimate --input` with thousands of
 * inputs reads and re-estimates the runs once per method, not per input (with the 750 published rows
 * seeded, re-reading them made 2,000 inputs take twice as long).
 */
const loadedRuns = new WeakMap<Db, Loaded>();
