/** Timing helpers of the bench: percentiles of repeated calls, and how a figure grows with size. */

/** p50, p95 and p99 of a set of durations, ms (issue 13 asks p50/p95; p99 is kept beside them). */
export interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  runs: number;
}

/** The q-quantile (0–1) of sorted values, nearest rank. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** Percentiles of measured durations, ms. */
export function percentiles(durationsMs: readonly number[]): Percentiles {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return {
    p50Ms: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    p99Ms: quantile(sorted, 0.99),
    runs: sorted.length,
  };
}

/**
 * Calls `fn` after `warmup` untimed calls (and, with `warmupMs`, until that long has passed) until
 * `minRuns` calls and `minMs` have passed (at most `maxRuns`), and returns the percentiles of the
 * calls' durations.
 */
export async function sample(
  fn: () => unknown,
  {
    warmup = 5,
    warmupMs = 0,
    minRuns = 30,
    maxRuns = 2_000,
    minMs = 300,
  }: Partial<Record<'warmup' | 'warmupMs' | 'minRuns' | 'maxRuns' | 'minMs', number>> = {},
): Promise<Percentiles> {
  const warming = performance.now();
  for (let i = 0; i < warmup || performance.now() - warming < warmupMs; i++) await fn();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < maxRuns && (times.length < minRuns || performance.now() - started < minMs)) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return percentiles(times);
}

/**
 * How a cost grows with size: the steepest slope of log(time) against log(size) between two
 * neighbouring sizes (1 = linear, 2 = quadratic). The steepest, because a constant cost only ever
 * flattens a step: a quadratic part shows where it first outgrows the constant.
 */
export function growthExponent(points: ReadonlyArray<{ size: number; ms: number }>): number {
  const sorted = [...points].sort((a, b) => a.size - b.size);
  let steepest = NaN;
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a.size === b.size || !(a.ms > 0) || !(b.ms > 0)) continue;
    const slope = Math.log(b.ms / a.ms) / Math.log(b.size / a.size);
    if (!(slope <= steepest)) steepest = slope;
  }
  return steepest;
}

/** Above this exponent a curve is flagged as growing faster than linearly (timing noise allows ~0.2). */
export const SUPERLINEAR_EXPONENT = 1.2;
