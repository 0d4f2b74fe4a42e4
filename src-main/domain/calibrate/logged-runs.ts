import type { Card, ModelPreset } from '../catalog';
import { GIB } from '../estimate/units';
import type { Run } from '../runs';
import { predictRun, type RunPrediction } from './predict';
import { flagInconsistentThroughput, type ThroughputFlag } from './throughput-flags';
import type { CalibrationRun } from './types';

/**
 * The logged runs that can correct estimates on the catalog's cards, each with the raw estimator's
 * prediction for its own configuration. A run on a card the catalog no longer has, or whose model
 * preset was since removed, cannot be re-estimated: it simply carries no weight.
 */
export function calibrationRunsFrom(
  runs: readonly Run[],
  cards: readonly Card[],
  presets: ModelPreset[],
): CalibrationRun[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  // A log repeats a few configurations many times: each is estimated once per card, kind and scope.
  const predictions = new Map<string, RunPrediction | null>();
  return runs.flatMap((run) => {
    const card = byId.get(run.card);
    if (!card) return [];
    const key = `${run.card}|${run.throughputKind ?? ''}|${run.throughputScope ?? ''}|${JSON.stringify(run.config)}`;
    let prediction = predictions.get(key);
    if (prediction === undefined) {
      prediction = predictionOf(run, card, presets);
      predictions.set(key, prediction);
    }
    return prediction ? [toCalibrationRun(run, prediction)] : [];
  });
}

function predictionOf(run: Run, card: Card, presets: ModelPreset[]): RunPrediction | null {
  try {
    return predictRun(
      { config: run.config, card, throughputKind: run.throughputKind, throughputScope: run.throughputScope },
      presets,
    );
  } catch {
    return null;
  }
}

function toCalibrationRun(run: Run, prediction: RunPrediction): CalibrationRun {
  return {
    ...measured(run),
    measuredMemoryBytes: run.peakMemoryGiB === null ? null : run.peakMemoryGiB * GIB,
    memoryMeter: run.memoryMeter,
    measuredTokensPerSecond: run.tokensPerSecond ?? null,
    predictedMemoryBytes: prediction.memory,
    predictedTokensPerSecond: run.tokensPerSecond === undefined ? null : prediction.tokensPerSecond,
  };
}

/** The fields of a calibration run that come from the log as they are. */
function measured(run: Run): Omit<CalibrationRun, 'measuredMemoryBytes' | 'memoryMeter' | 'measuredTokensPerSecond'> & {
  predictedMemoryBytes: null;
  predictedTokensPerSecond: null;
} {
  return {
    id: String(run.id),
    origin: run.origin,
    card: run.card,
    gpus: run.gpus,
    config: run.config,
    predictedMemoryBytes: null,
    predictedTokensPerSecond: null,
    outcome: run.outcome,
    ...(run.throughputKind ? { throughputKind: run.throughputKind } : {}),
  };
}

/**
 * Groups of runs with the same card and configuration whose throughput differs by more than 10%,
 * compared as whole-run rates (a per-GPU figure × the run's GPUs).
 */
export function throughputFlagsFor(runs: readonly Run[]): ThroughputFlag[] {
  return flagInconsistentThroughput(
    runs.map((run) => ({
      ...measured(run),
      measuredMemoryBytes: null,
      memoryMeter: null,
      measuredTokensPerSecond: (run.tokensPerSecond ?? 0) * (run.throughputScope === 'per-gpu' ? run.gpus : 1),
    })),
  );
}
