import { bytesOnMeter } from '../../../src-main/domain/estimate/meter';
import { GIB } from '../../../src-main/domain/estimate/units';
import type { MemoryMeter } from '../../../src-main/domain/runs';

/** The estimator's numbers for a run's configuration, as `runs:list` returns them. */
export interface Prediction {
  totalBytes: number;
  allocatedBytes: number;
  tokensPerSecond: number | null;
}

/**
 * The predicted peak for the meter that read the run, by the domain's reading of a meter
 * (bytesOnMeter, src-main/domain/estimate/meter.ts): torch allocated is compared with the allocated
 * estimate, torch reserved with the total less the CUDA context, nvidia-smi with the total.
 */
export function predictedBytesFor(prediction: Prediction | null, meter: MemoryMeter | null): number | null {
  if (!prediction || meter === null) return null;
  return bytesOnMeter(meter, prediction);
}

/**
 * How far the estimate is from what was measured, as a fraction of the measurement:
 * (predicted − measured) ÷ measured. +0.2 = the estimate was 20% too high. Null when either
 * number is missing or the measurement is not positive.
 */
export function errorFraction(
  predicted: number | null | undefined,
  measured: number | null | undefined,
): number | null {
  if (predicted == null || measured == null || !Number.isFinite(predicted) || !Number.isFinite(measured)) return null;
  if (measured <= 0) return null;
  return (predicted - measured) / measured;
}

/** How good an error is, for its colour: within 10% good, within 25% fair, else poor. */
export function errorLevel(fraction: number): 'good' | 'fair' | 'poor' {
  const size = Math.abs(fraction);
  return size <= 0.1 ? 'good' : size <= 0.25 ? 'fair' : 'poor';
}

/** An error as a signed whole percentage: 0.123 -> "+12%", -0.04 -> "−4%". */
export function formatError(fraction: number): string {
  const percent = Math.round(fraction * 100);
  if (percent === 0) return '0%';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A logged run as the summary needs it. */
export interface MeasuredRun {
  outcome: string;
  peakMemoryGiB: number | null;
  memoryMeter: MemoryMeter | null;
  tokensPerSecond?: number;
  predicted: Prediction | null;
}

/**
 * The estimate's memory error for one run (see errorFraction), on the meter that read it. Null
 * for an OOM, whose memory figure is only what was reached before the crash, and when either
 * number is missing.
 */
export function memoryErrorOf(run: Omit<MeasuredRun, 'tokensPerSecond'>): number | null {
  if (run.outcome === 'oom') return null;
  return errorFraction(predictedGiBFor(run), run.peakMemoryGiB);
}

/** The predicted peak in GiB on the meter that read the run; null without a prediction or a meter. */
export function predictedGiBFor(run: Pick<MeasuredRun, 'predicted' | 'memoryMeter'>): number | null {
  const predicted = predictedBytesFor(run.predicted, run.memoryMeter);
  return predicted === null ? null : predicted / GIB;
}

/** One side of the summary: the median |error| and how many runs it rests on. */
export interface AccuracyFigure {
  medianAbsError: number | null;
  runs: number;
}

/**
 * Median |error| of the current estimate against the runs' measured memory and speed. An
 * OOM's memory figure is only what was reached before the crash, so it is left out (memoryErrorOf);
 * so is a serving run (an engine's preallocated budget, a whole batch's speed: not what the estimate predicts).
 */
export function accuracySummary(runs: readonly (MeasuredRun & { engine?: string })[]): {
  memory: AccuracyFigure;
  speed: AccuracyFigure;
} {
  const memory: number[] = [];
  const speed: number[] = [];
  for (const run of runs) {
    if (run.engine !== undefined) continue;
    const memoryError = memoryErrorOf(run);
    if (memoryError !== null) memory.push(Math.abs(memoryError));
    const speedError = errorFraction(run.predicted?.tokensPerSecond, run.tokensPerSecond);
    if (speedError !== null) speed.push(Math.abs(speedError));
  }
  return {
    memory: { medianAbsError: median(memory), runs: memory.length },
    speed: { medianAbsError: median(speed), runs: speed.length },
  };
}
