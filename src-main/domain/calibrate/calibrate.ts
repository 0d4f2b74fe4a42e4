import { msg, type Message } from '../messages';
import { fitGroupedLogFactor, type FitPrior, type WeightedValues } from './fit';
import { calibrationGroup, groupIsOn, groupLabel, type CalibrationValidation } from './groups';
import { kindOf, preparedFor, type PreparedRuns } from './prepared';
import { DEFAULT_SIMILARITY, resolvedSimilarityTo, type SimilarityOptions } from './similarity';
import type { ThroughputFlag } from './throughput-flags';
import type { Calibration, CalibrationRun, CalibrationTarget } from './types';
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

/** Run ids a "similar runs ran out of memory" flag lists before it says "…". */
const MAX_LISTED_IDS = 20;

/** The first MAX_LISTED_IDS run ids, and "…" when there are more. */
function listIds(ids: readonly string[]): string {
  const listed = ids.slice(0, MAX_LISTED_IDS).join(', ');
  return ids.length > MAX_LISTED_IDS ? `${listed}, …` : listed;
}

/** A correction switched off: the raw estimate as it is. */
const OFF = { factor: 1, interval: [1, 1] as [number, number], weightSum: 0 };

function finiteOr(x: number | undefined, fallback: number, min = 0): number {
  return x !== undefined && Number.isFinite(x) && x >= min ? x : fallback;
}

/**
 * Correction factors for one estimate, fitted from similar logged runs (same card family, method and
 * weight format; nearer size, sequence, batch and GPU count weigh more). Memory and speed are fitted
 * separately as multiplicative factors in log space, shrunk toward 1 by a prior worth `priorRuns`
 * runs. Multiply the raw estimate by the factor; the interval is the factor's 95% interval.
 */
export function calibrate(
  target: CalibrationTarget,
  runs: readonly CalibrationRun[] | PreparedRuns,
  opts: CalibrateOptions = {},
): Calibration {
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

  const prepared = Array.isArray(runs) ? preparedFor(runs, similarity.presets) : (runs as PreparedRuns);
  const memoryGroups: WeightedValues[] = [];
  const speedGroups: WeightedValues[] = [];
  const similarOoms: string[] = [];
  const spreadFlags = new Set<ThroughputFlag>();
  let used = 0;
  let mine = 0;
  const weightOf = resolvedSimilarityTo(target, similarity);
  const candidates = weightOf.key === null ? [] : (prepared.byKind.get(weightOf.key) ?? []);
  for (const group of candidates) {
    const weight = Math.min(1, weightOf(group) * (group.origin === 'published' ? publishedWeight : 1));
    if (!(weight >= minWeight)) continue;
    similarOoms.push(...group.oomIds);
    if (group.memory.length > 0) memoryGroups.push({ values: group.memory, weight });
    if (group.kind === targetKind && group.speed.length > 0) speedGroups.push({ values: group.speed, weight });
    // A run counts when it informs either correction: its memory, or its speed of the target's kind.
    const counted = group.kind === targetKind ? group.used : group.memory.length;
    used += counted;
    if (group.origin === 'mine') mine += counted;
    if (counted > 0) for (const flag of group.flags) spreadFlags.add(flag);
  }

  const memoryGroup = calibrationGroup('memory', target.config.method, targetKind);
  const speedGroup = calibrationGroup('speed', target.config.method, targetKind);
  const memoryOn = groupIsOn(validation, memoryGroup);
  const speedOn = groupIsOn(validation, speedGroup);
  const memory = memoryOn ? fitGroupedLogFactor(memoryGroups, prior) : OFF;
  const speed = speedOn ? fitGroupedLogFactor(speedGroups, prior) : OFF;
  const flags: Message[] = [...spreadFlags].map((flag) =>
    msg('calibration.throughputFlag', { runs: listIds(flag.runIds), reason: flag.reason }),
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
    flags.push(msg('calibration.similarOoms', { count: similarOoms.length, runs: listIds(similarOoms) }));
  }
  if (used === 0) flags.push(msg('calibration.noRuns'));
  else if (used < prior.priorRuns) flags.push(msg('calibration.fewRuns', { count: used }));

  return {
    memoryFactor: memory.factor,
    speedFactor: speed.factor,
    runs: used,
    mine,
    published: used - mine,
    interval: { memory: memory.interval, speed: speed.interval },
    flags,
  };
}
