import { bytesOnMeter } from '../estimate/meter';
import { msg, type Message } from '../messages';
import { fitLogFactor, type FitPrior, type LogRatio } from './fit';
import { calibrationGroup, groupIsOn, groupLabel, type CalibrationValidation } from './groups';
import { DEFAULT_SIMILARITY, similarityTo, type SimilarityOptions } from './similarity';
import { flagInconsistentThroughput } from './throughput-flags';
import type { Calibration, CalibrationRun, CalibrationTarget, ThroughputKind } from './types';
import { CALIBRATION_VALIDATION } from './validated';

export type CalibrateOptions = Partial<FitPrior & SimilarityOptions> & {
  /** Weight of a published run relative to one of the user's own (their framework, their box). */
  publishedWeight?: number;
  /** Runs below this weight are left out (and not counted in "based on N runs"). */
  minWeight?: number;
  /** Which groups are on, and the default prior (validated.ts, from the leave-one-source-out table). */
  validation?: CalibrationValidation;
};

/**
 * The prior's weight is chosen by the leave-one-source-out table (validated.ts); 0.25 ≈ the raw
 * estimator's typical log error sets the interval's width before any run is seen.
 */
const DEFAULT_PRIOR_LOG_SD = 0.25;
const DEFAULT_MIN_WEIGHT = 0.01;

/** A correction switched off: the raw estimate as it is. */
const OFF = { factor: 1, interval: [1, 1] as [number, number], weightSum: 0 };

function finitePositive(x: number | null | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

function finiteOr(x: number | undefined, fallback: number, min = 0): number {
  return x !== undefined && Number.isFinite(x) && x >= min ? x : fallback;
}

function kindOf(method: CalibrationTarget['config']['method'], kind: ThroughputKind | undefined): ThroughputKind {
  return kind ?? (method === 'inference' ? 'decode' : 'train');
}

/** ln(measured ÷ predicted) on the meter the run used; null when the run says nothing about memory. */
function memoryLogRatio(run: CalibrationRun): number | null {
  if (run.outcome === 'oom' || run.memoryMeter === null || run.predictedMemoryBytes === null) return null;
  // The part of the prediction the run's meter shows: allocated for torch's peak allocated, total minus the CUDA
  // context for torch's reserved, the total for nvidia-smi.
  const predicted = bytesOnMeter(run.memoryMeter, run.predictedMemoryBytes);
  if (!finitePositive(run.measuredMemoryBytes) || !finitePositive(predicted)) return null;
  return Math.log(run.measuredMemoryBytes / predicted);
}

/** ln(measured ÷ predicted) tokens/s; crashed runs may have stalled, OOM runs never ran at speed. */
function speedLogRatio(run: CalibrationRun): number | null {
  if (run.outcome !== 'ok' && run.outcome !== 'preempted') return null;
  if (!finitePositive(run.measuredTokensPerSecond) || !finitePositive(run.predictedTokensPerSecond)) return null;
  return Math.log(run.measuredTokensPerSecond / run.predictedTokensPerSecond);
}

/**
 * Correction factors for one estimate, fitted from similar logged runs (same card family, method and
 * weight format; nearer size, sequence, batch and GPU count weigh more). Memory and speed are fitted
 * separately as multiplicative factors in log space, shrunk toward 1 by a prior worth `priorRuns`
 * runs. Multiply the raw estimate by the factor; the interval is the factor's 95% interval.
 */
export function calibrate(target: CalibrationTarget, runs: CalibrationRun[], opts: CalibrateOptions = {}): Calibration {
  const similarity: SimilarityOptions = {
    paramsLogWidth: finiteOr(opts.paramsLogWidth, DEFAULT_SIMILARITY.paramsLogWidth, 1e-6),
    seqLogWidth: finiteOr(opts.seqLogWidth, DEFAULT_SIMILARITY.seqLogWidth, 1e-6),
    batchLogWidth: finiteOr(opts.batchLogWidth, DEFAULT_SIMILARITY.batchLogWidth, 1e-6),
    gpusLogWidth: finiteOr(opts.gpusLogWidth, DEFAULT_SIMILARITY.gpusLogWidth, 1e-6),
    siblingCardWeight: Math.min(1, finiteOr(opts.siblingCardWeight, DEFAULT_SIMILARITY.siblingCardWeight)),
    settingMismatchWeight: Math.min(1, finiteOr(opts.settingMismatchWeight, DEFAULT_SIMILARITY.settingMismatchWeight)),
    presets: opts.presets ?? DEFAULT_SIMILARITY.presets,
  };
  const validation = opts.validation ?? CALIBRATION_VALIDATION;
  const prior: FitPrior = {
    priorRuns: finiteOr(opts.priorRuns, validation.priorRuns),
    priorLogSd: finiteOr(opts.priorLogSd, DEFAULT_PRIOR_LOG_SD),
  };
  const publishedWeight = Math.min(1, finiteOr(opts.publishedWeight, 1));
  const minWeight = finiteOr(opts.minWeight, DEFAULT_MIN_WEIGHT);
  const targetKind = kindOf(target.config.method, target.throughputKind);

  const memoryPoints: LogRatio[] = [];
  const speedPoints: LogRatio[] = [];
  const used: CalibrationRun[] = [];
  const similarOoms: CalibrationRun[] = [];
  const weightOf = similarityTo(target, similarity);
  for (const run of runs) {
    const weight = weightOf(run) * (run.origin === 'published' ? publishedWeight : 1);
    if (!(weight >= minWeight)) continue;
    if (run.outcome === 'oom') similarOoms.push(run);
    const memory = memoryLogRatio(run);
    const speed = kindOf(run.config.method, run.throughputKind) === targetKind ? speedLogRatio(run) : null;
    if (memory !== null) memoryPoints.push({ logRatio: memory, weight });
    if (speed !== null) speedPoints.push({ logRatio: speed, weight });
    if (memory !== null || speed !== null) used.push(run);
  }

  const memoryGroup = calibrationGroup('memory', target.config.method, targetKind);
  const speedGroup = calibrationGroup('speed', target.config.method, targetKind);
  const memoryOn = groupIsOn(validation, memoryGroup);
  const speedOn = groupIsOn(validation, speedGroup);
  const memory = memoryOn ? fitLogFactor(memoryPoints, prior) : OFF;
  const speed = speedOn ? fitLogFactor(speedPoints, prior) : OFF;
  const flags: Message[] = flagInconsistentThroughput(used).map((flag) =>
    msg('calibration.throughputFlag', { runs: flag.runIds.join(', '), reason: flag.reason }),
  );
  for (const [on, group] of [
    [memoryOn, memoryGroup],
    [speedOn, speedGroup],
  ] as const) {
    const v = validation.groups[group];
    if (!on && v) {
      flags.push(
        msg('calibration.groupOff', {
          group: groupLabel(group),
          raw: v.rawMedian * 100,
          calibrated: v.calibratedMedian * 100,
        }),
      );
    }
  }
  if (similarOoms.length > 0) {
    flags.push(
      msg('calibration.similarOoms', { count: similarOoms.length, runs: similarOoms.map((r) => r.id).join(', ') }),
    );
  }
  if (used.length === 0) flags.push(msg('calibration.noRuns'));
  else if (used.length < prior.priorRuns) flags.push(msg('calibration.fewRuns', { count: used.length }));

  const mine = used.filter((r) => r.origin === 'mine').length;
  return {
    memoryFactor: memory.factor,
    speedFactor: speed.factor,
    runs: used.length,
    mine,
    published: used.length - mine,
    interval: { memory: memory.interval, speed: speed.interval },
    flags,
  };
}
