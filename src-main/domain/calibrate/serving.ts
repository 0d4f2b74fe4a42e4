import { msg, type Message } from '../messages';
import type { RunOrigin, RunOutcome } from '../runs/run-schema';

/**
 * Serving calibration (issue 17): a serving run's measured output tokens/s and the KV pool its
 * engine log printed, against what the serving model predicted for that same run, give two
 * multiplicative factors for the next serving estimate on that card and engine.
 *
 * The factor is the median of ln(measured ÷ predicted), shrunk toward 0 as if `PRIOR_RUNS` runs
 * had measured exactly the prediction (m · n ÷ (n + k0)), and bounded to [1/MAX_FACTOR,
 * MAX_FACTOR]. The median, not the mean: one run on a throttled or shared box, or a log line read
 * from another setting, cannot move it past the others (DESIGN.md "Calibration": a shrunk median
 * of log ratios, bounded so that one run cannot bend it). It is the simplest sound estimator here:
 * serving runs are few, and a prior worth runs keeps one run from setting the answer alone.
 */

/** What the serving model predicted for a logged serving run (null: it could not, e.g. the model did not fit). */
export interface ServingPrediction {
  outputTokensPerSecond: number | null;
  kvPoolTokens: number | null;
}

/** A logged serving run as calibration reads it: who measured it, and the two figures it may carry. */
export interface ServingCalibrationRun {
  origin: RunOrigin;
  outcome: RunOutcome;
  /** The run's output tokens/s over all its GPUs; null when not measured. */
  measuredOutputTokensPerSecond: number | null;
  /** The engine log's KV cache size in tokens; null when not known. */
  measuredKvPoolTokens: number | null;
  predicted: ServingPrediction;
}

/** A factor and the runs it rests on. */
export interface ServingFactor {
  factor: number;
  /** Runs whose ratio went into the median. */
  runs: number;
}

/** The correction of one serving estimate: multiply the raw figures by the factors. */
export interface ServingCalibration {
  speed: ServingFactor;
  kvPool: ServingFactor;
  /** Distinct runs behind either factor, and how many are the user's own. */
  runs: number;
  mine: number;
  published: number;
  /** "calibrated on N serving runs: …", or null when no run applied. */
  basis: Message | null;
}

/** The prior: the prediction counts as this many runs that measured it exactly. */
export const PRIOR_RUNS = 2;
/** A factor beyond 2× means the run measured another setup than the model describes: bounded there. */
export const MAX_FACTOR = 2;

function positive(x: number | null | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The shrunk, bounded median of ln(measured ÷ predicted) over the pairs where both are positive. */
export function servingFactor(pairs: readonly { measured: number | null; predicted: number | null }[]): ServingFactor {
  const logs = pairs
    .filter((p): p is { measured: number; predicted: number } => positive(p.measured) && positive(p.predicted))
    .map((p) => Math.log(p.measured / p.predicted));
  if (logs.length === 0) return { factor: 1, runs: 0 };
  const shrunk = (median(logs) * logs.length) / (logs.length + PRIOR_RUNS);
  const bound = Math.log(MAX_FACTOR);
  return { factor: Math.exp(Math.max(-bound, Math.min(bound, shrunk))), runs: logs.length };
}

/**
 * The serving correction from the serving runs of one card and engine (the caller picks them and
 * predicts each). Speed uses runs that finished at speed (ok or preempted); the KV pool any run that
 * printed one, since the engine prints it at start-up, before a run can fail.
 */
export function servingCalibration(runs: readonly ServingCalibrationRun[]): ServingCalibration {
  const atSpeed = runs.filter((run) => run.outcome === 'ok' || run.outcome === 'preempted');
  const speedRuns = atSpeed.filter(
    (run) => positive(run.measuredOutputTokensPerSecond) && positive(run.predicted.outputTokensPerSecond),
  );
  const kvRuns = runs.filter((run) => positive(run.measuredKvPoolTokens) && positive(run.predicted.kvPoolTokens));
  const speed = servingFactor(
    speedRuns.map((run) => ({
      measured: run.measuredOutputTokensPerSecond,
      predicted: run.predicted.outputTokensPerSecond,
    })),
  );
  const kvPool = servingFactor(
    kvRuns.map((run) => ({ measured: run.measuredKvPoolTokens, predicted: run.predicted.kvPoolTokens })),
  );
  const used = [...new Set([...speedRuns, ...kvRuns])];
  const mine = used.filter((run) => run.origin === 'mine').length;
  return {
    speed,
    kvPool,
    runs: used.length,
    mine,
    published: used.length - mine,
    basis:
      used.length === 0
        ? null
        : msg('calibrate.serving.basis', { count: used.length, speed: speed.factor, kvPool: kvPool.factor }),
  };
}
