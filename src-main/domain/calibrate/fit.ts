/** One observation for a correction: ln(measured ÷ predicted) and how much it counts (0–1 runs). */
export interface LogRatio {
  logRatio: number;
  weight: number;
}

/** The prior: the correction starts at 1, worth `priorRuns` runs spread by `priorLogSd`. */
export interface FitPrior {
  priorRuns: number;
  /** Spread of ln(measured ÷ predicted) assumed before any run is seen (0.25 ≈ ±25%). */
  priorLogSd: number;
}

export interface FittedFactor {
  factor: number;
  interval: [number, number];
  /** Σ weights: how many runs' worth of evidence went in. */
  weightSum: number;
}

/** No correction may move an estimate by more than this factor either way (guards against absurd logs). */
const MAX_LOG_RATIO = Math.log(20);
const Z95 = 1.959964;
/** MAD × 1.4826 estimates a normal distribution's standard deviation (Rousseeuw & Croux 1993). */
const MAD_TO_SD = 1.4826;

interface Point {
  l: number;
  w: number;
}

/**
 * The weighted median: the smallest value at which the cumulative weight reaches half the total, the
 * midpoint of the two neighbours when it lands exactly on half. `points` sorted by `l`.
 */
export function weightedMedian(points: readonly Point[]): number {
  const total = points.reduce((s, p) => s + p.w, 0);
  if (points.length === 0 || !(total > 0)) return 0;
  let below = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    below += p.w;
    if (Math.abs(below - total / 2) <= 1e-12 * total && i + 1 < points.length) return (p.l + points[i + 1]!.l) / 2;
    if (below > total / 2) return p.l;
  }
  return points[points.length - 1]!.l;
}

function byLog(a: Point, b: Point): number {
  return a.l - b.l;
}

/** Runs that share one weight: their log ratios, sorted ascending (a group of identical configurations). */
export interface WeightedValues {
  values: Float64Array;
  weight: number;
}

/** Below this many values the medians are found by sorting (exact); above, by bisection on the value. */
const EXACT_MAX_VALUES = 4096;
const BISECTIONS = 64;
/** Bisection stops once the bracket is this narrow in ln ratio (10⁻⁷ = 0.00001% of the factor). */
const LOG_TOLERANCE = 1e-7;

/** Values ≤ x in a sorted array. */
function countAtMost(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Values < x in a sorted array. */
function countBelow(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The smallest x in [lo, hi] where `weightAtMost(x)` reaches `half`, by bisection. */
function bisect(lo: number, hi: number, half: number, weightAtMost: (x: number) => number): number {
  for (let i = 0; i < BISECTIONS && hi - lo > LOG_TOLERANCE; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (weightAtMost(mid) >= half) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Weighted median and weighted median absolute deviation of groups of values. */
function medianAndMad(
  groups: readonly WeightedValues[],
  total: number,
  count: number,
): { median: number; mad: number } {
  if (count <= EXACT_MAX_VALUES) {
    const points: Point[] = [];
    for (const g of groups) for (const l of g.values) points.push({ l, w: g.weight });
    points.sort(byLog);
    const median = weightedMedian(points);
    const mad = weightedMedian(points.map((p) => ({ l: Math.abs(p.l - median), w: p.w })).sort(byLog));
    return { median, mad };
  }
  // Many runs: the same medians, found by bisection on the value with a binary search per group.
  let min = Infinity;
  let max = -Infinity;
  for (const g of groups) {
    if (g.values.length === 0) continue;
    min = Math.min(min, g.values[0]!);
    max = Math.max(max, g.values[g.values.length - 1]!);
  }
  const half = total / 2;
  const median = bisect(min, max, half, (x) => groups.reduce((s, g) => s + g.weight * countAtMost(g.values, x), 0));
  const within = (d: number) =>
    groups.reduce((s, g) => s + g.weight * (countAtMost(g.values, median + d) - countBelow(g.values, median - d)), 0);
  const mad = bisect(0, Math.max(max - median, median - min), half, within);
  return { median, mad };
}

/**
 * Multiplicative correction fitted in log space, robust to a bad run: the weighted median m of the
 * log ratios, shrunk toward 0 (factor 1) by a prior worth k0 pseudo-runs: ln factor = m·Σw ÷ (k0 + Σw).
 * A median moves at most to a neighbouring observation whatever one outlier says, so one run among n
 * agreeing ones changes the factor no more than one more agreeing run would (its weight in Σw).
 * The spread is the weighted MAD × 1.4826 pooled with the prior's (worth k0 runs); the 95% interval is
 * ln factor ± 1.96·sd/√n_eff with n_eff = k0 + Kish effective count (Σw)²/Σw², back-transformed by exp.
 */
export function fitLogFactor(points: LogRatio[], prior: FitPrior): FittedFactor {
  const groups: WeightedValues[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.logRatio) || !Number.isFinite(p.weight) || !(p.weight > 0)) continue;
    groups.push({ values: Float64Array.of(clampLog(p.logRatio)), weight: Math.min(1, p.weight) });
  }
  return fitGroupedLogFactor(groups, prior);
}

/** ln ratio within what any correction may say. */
export function clampLog(l: number): number {
  return Math.max(-MAX_LOG_RATIO, Math.min(MAX_LOG_RATIO, l));
}

/** fitLogFactor for runs in groups of one weight each (values clamped by clampLog and sorted). */
export function fitGroupedLogFactor(groups: readonly WeightedValues[], prior: FitPrior): FittedFactor {
  const k0 = Math.max(0, prior.priorRuns);
  let sumW = 0;
  let sumW2 = 0;
  let count = 0;
  for (const g of groups) {
    sumW += g.weight * g.values.length;
    sumW2 += g.weight * g.weight * g.values.length;
    count += g.values.length;
  }
  if (sumW + k0 <= 0) return { factor: 1, interval: [1, 1], weightSum: 0 };

  const { median, mad } = sumW > 0 ? medianAndMad(groups, sumW, count) : { median: 0, mad: 0 };
  const shrunk = sumW > 0 ? (median * sumW) / (k0 + sumW) : 0;
  const runSd = MAD_TO_SD * mad;
  const variance = (k0 * prior.priorLogSd ** 2 + sumW * runSd ** 2) / (k0 + sumW);
  const nEff = k0 + (sumW2 > 0 ? (sumW * sumW) / sumW2 : 0);
  const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(nEff);
  return { factor: Math.exp(shrunk), interval: [Math.exp(shrunk - half), Math.exp(shrunk + half)], weightSum: sumW };
}
