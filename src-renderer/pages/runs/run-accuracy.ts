import type { MemoryMeter } from '../../../src-main/domain/runs';

/** The estimator's numbers for a run's configuration, as `runs:list` returns them. */
export interface Prediction {
  totalBytes: number;
  allocatedBytes: number;
  tokensPerSecond: number | null;
}

/**
 * The predicted peak for the meter that read the run: torch allocated is compared with the
 * allocated estimate, nvidia-smi and torch reserved with the total (the same pairing the
 * calibration uses, src-main/domain/calibrate/calibrate.ts).
 */
export function predictedBytesFor(prediction: Prediction | null, meter: MemoryMeter | null): number | null {
  if (!prediction || meter === null) return null;
  return meter === 'torch-allocated' ? prediction.allocatedBytes : prediction.totalBytes;
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

/** One side of the summary: the median |error| and how many runs it rests on. */
export interface AccuracyFigure {
  medianAbsError: number | null;
  runs: number;
}

/**
 * Median |error| of the current estimate against the runs' measured memory and speed. An
 * OOM's memory figure is only what was reached before the crash, so it is left out.
 */
export function accuracySummary(runs: readonly MeasuredRun[]): { memory: AccuracyFigure; speed: AccuracyFigure } {
  const memory: number[] = [];
  const speed: number[] = [];
  for (const run of runs) {
    if (run.outcome !== 'oom' && run.peakMemoryGiB !== null) {
      const predicted = predictedBytesFor(run.predicted, run.memoryMeter);
      const error = errorFraction(predicted === null ? null : predicted / 1024 ** 3, run.peakMemoryGiB);
      if (error !== null) memory.push(Math.abs(error));
    }
    const speedError = errorFraction(run.predicted?.tokensPerSecond, run.tokensPerSecond);
    if (speedError !== null) speed.push(Math.abs(speedError));
  }
  return {
    memory: { medianAbsError: median(memory), runs: memory.length },
    speed: { medianAbsError: median(speed), runs: speed.length },
  };
}
