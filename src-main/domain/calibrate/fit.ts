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

/**
 * Multiplicative correction fitted in log space, robust to a bad run: the weighted median m of the
 * log ratios, shrunk toward 0 (factor 1) by a prior worth k0 pseudo-runs: ln factor = m·Σw ÷ (k0 + Σw).
 * A median moves at most to a neighbouring observation whatever one outlier says, so one run among n
 * agreeing ones changes the factor no more than one more agreeing run would (its weight in Σw).
 * The spread is the weighted MAD × 1.4826 pooled with the prior's (worth k0 runs); the 95% interval is
 * ln factor ± 1.96·sd/√n_eff with n_eff = k0 + Kish effective count (Σw)²/Σw², back-transformed by exp.
 */
export function fitLogFactor(points: LogRatio[], prior: FitPrior): FittedFactor {
  const k0 = Math.max(0, prior.priorRuns);
  const usable = points
    .filter((p) => Number.isFinite(p.logRatio) && Number.isFinite(p.weight) && p.weight > 0)
    .map((p) => ({ l: Math.max(-MAX_LOG_RATIO, Math.min(MAX_LOG_RATIO, p.logRatio)), w: Math.min(1, p.weight) }))
    .sort(byLog);
  const sumW = usable.reduce((s, p) => s + p.w, 0);
  const sumW2 = usable.reduce((s, p) => s + p.w * p.w, 0);
  if (sumW + k0 <= 0) return { factor: 1, interval: [1, 1], weightSum: 0 };

  const median = weightedMedian(usable);
  const shrunk = sumW > 0 ? (median * sumW) / (k0 + sumW) : 0;
  const mad = sumW > 0 ? weightedMedian(usable.map((p) => ({ l: Math.abs(p.l - median), w: p.w })).sort(byLog)) : 0;
  const runSd = MAD_TO_SD * mad;
  const variance = (k0 * prior.priorLogSd ** 2 + sumW * runSd ** 2) / (k0 + sumW);
  const nEff = k0 + (sumW2 > 0 ? (sumW * sumW) / sumW2 : 0);
  const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(nEff);
  return { factor: Math.exp(shrunk), interval: [Math.exp(shrunk - half), Math.exp(shrunk + half)], weightSum: sumW };
}
