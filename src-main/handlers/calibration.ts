import type { Db } from '../db/driver';
import { measuredRuns } from '../db/runs-queries';
import type { Card, ModelPreset } from '../domain/catalog';
import type { EstimateInput } from '../domain/estimate/input';
import { GIB } from '../domain/estimate/units';
import { calibrate, type Calibration, type CalibrationRun } from '../domain/calibrate';
import { predictRun } from '../domain/calibrate/predict';
import type { Run } from '../domain/runs';

/**
 * The logged runs (the user's and the published ones) that can correct estimates of `method`
 * on the catalog's cards, each with the raw estimator's prediction for its own configuration.
 */
export function calibrationRuns(
  db: Db,
  method: EstimateInput['method'],
  cards: Card[],
  presets: ModelPreset[],
): CalibrationRun[] {
  // Any write to the file, by this connection (total_changes) or another one (data_version), changes the key.
  const version = `${db.pragma('data_version', { simple: true })}:${String(db.prepare('SELECT total_changes()').pluck().get())}`;
  const key = JSON.stringify([version, cards, presets]);
  let perMethod = loadedRuns.get(db);
  if (perMethod?.key !== key) {
    perMethod = { key, runs: new Map() };
    loadedRuns.set(db, perMethod);
  }
  let runs = perMethod.runs.get(method);
  if (!runs) {
    runs = loadCalibrationRuns(db, method, cards, presets);
    perMethod.runs.set(method, runs);
  }
  return runs;
}

/**
 * The calibration runs last loaded per database and method, valid until the file changes: `cardwise
 * estimate --input` with thousands of inputs reads and re-estimates the runs once per method, not per input
 * (with the 750 published rows seeded, re-reading them made 2,000 inputs take twice as long).
 */
const loadedRuns = new WeakMap<Db, { key: string; runs: Map<string, CalibrationRun[]> }>();

function loadCalibrationRuns(
  db: Db,
  method: EstimateInput['method'],
  cards: Card[],
  presets: ModelPreset[],
): CalibrationRun[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const runs: CalibrationRun[] = [];
  for (const run of measuredRuns(db, method, [...byId.keys()])) {
    const card = byId.get(run.card);
    if (!card) continue;
    const calibrationRun = toCalibrationRun(run, card, presets);
    if (calibrationRun) runs.push(calibrationRun);
  }
  return runs;
}

function toCalibrationRun(run: Run, card: Card, presets: ModelPreset[]): CalibrationRun | null {
  let prediction;
  try {
    prediction = predictRun(
      { config: run.config, card, throughputKind: run.throughputKind, throughputScope: run.throughputScope },
      presets,
    );
  } catch {
    // A run whose model preset was since removed cannot be re-estimated; it simply carries no weight.
    return null;
  }
  return {
    id: String(run.id),
    origin: run.origin,
    card: run.card,
    gpus: run.gpus,
    config: run.config,
    measuredMemoryBytes: run.peakMemoryGiB === null ? null : run.peakMemoryGiB * GIB,
    memoryMeter: run.memoryMeter,
    measuredTokensPerSecond: run.tokensPerSecond ?? null,
    predictedMemoryBytes: prediction.memory,
    predictedTokensPerSecond: run.tokensPerSecond === undefined ? null : prediction.tokensPerSecond,
    outcome: run.outcome,
    ...(run.throughputKind ? { throughputKind: run.throughputKind } : {}),
  };
}

/** The correction for `input` on `card` from the runs loaded for its method. */
export function calibrationFor(
  input: EstimateInput,
  card: string,
  runs: CalibrationRun[],
  presets: ModelPreset[],
): Calibration {
  // With the presets, a run logged as "llama-2-13b" is compared by size with one given as "13b".
  return calibrate({ config: input, card }, runs, { presets });
}
