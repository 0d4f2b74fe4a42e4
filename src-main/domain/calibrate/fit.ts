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

/**
 * Multiplicative correction fitted in log space, shrunk toward 1 (normal–normal model with the
 * prior worth k0 pseudo-runs at ln 1 = 0): m = Σwℓ ÷ (k0 + Σw). The spread pools the runs'
 * weighted variance with the prior's (also worth k0 runs), and the 95% interval is
 * m ± 1.96·sd/√n_eff with n_eff = k0 + Kish effective count (Σw)²/Σw², back-transformed by exp.
 */
export function fitLogFactor(points: LogRatio[], prior: FitPrior): FittedFactor {
  const k0 = Math.max(0, prior.priorRuns);
  const usable = points
    .filter((p) => Number.isFinite(p.logRatio) && Number.isFinite(p.weight) && p.weight > 0)
    .map((p) => ({ l: Math.max(-MAX_LOG_RATIO, Math.min(MAX_LOG_RATIO, p.logRatio)), w: Math.min(1, p.weight) }));
  const sumW = usable.reduce((s, p) => s + p.w, 0);
  const sumW2 = usable.reduce((s, p) => s + p.w * p.w, 0);
  const sumWL = usable.reduce((s, p) => s + p.w * p.l, 0);
  if (sumW + k0 <= 0) return { factor: 1, interval: [1, 1], weightSum: 0 };

  const shrunk = sumWL / (k0 + sumW);
  const runMean = sumW > 0 ? sumWL / sumW : 0;
  const runSs = usable.reduce((s, p) => s + p.w * (p.l - runMean) ** 2, 0);
  const variance = (k0 * prior.priorLogSd ** 2 + runSs) / (k0 + sumW);
  const nEff = k0 + (sumW2 > 0 ? (sumW * sumW) / sumW2 : 0);
  const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(nEff);
  return { factor: Math.exp(shrunk), interval: [Math.exp(shrunk - half), Math.exp(shrunk + half)], weightSum: sumW };
}
