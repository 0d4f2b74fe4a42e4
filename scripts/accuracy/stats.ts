/** Error summary of a set of estimates: error = estimate ÷ measured − 1. */
export interface ErrorSummary {
  n: number;
  /** Median of |error|. */
  median: number;
  /** 90th percentile of |error|. */
  p90: number;
  /** Share of rows with |error| ≤ 20%. */
  within20: number;
  /** Median of the signed error: below 0 means the estimate is low. */
  signedMedian: number;
}

/** Linear-interpolation quantile of sorted values (q in 0–1). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const a = sorted[Math.floor(pos)] as number;
  const b = sorted[Math.ceil(pos)] as number;
  return a + (b - a) * (pos - Math.floor(pos));
}

/** The median (the mean of the middle two for an even count; NaN for none). */
export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** The summary of a list of signed errors. */
export function summarize(errors: number[]): ErrorSummary {
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const signed = [...errors].sort((a, b) => a - b);
  return {
    n: errors.length,
    median: quantile(abs, 0.5),
    p90: quantile(abs, 0.9),
    within20: errors.length === 0 ? Number.NaN : abs.filter((e) => e <= 0.2).length / errors.length,
    signedMedian: quantile(signed, 0.5),
  };
}
