import { BOUNDS, type FittedConstantName, type FittedConstants } from '../../src-main/domain/estimate/fitted';
import type { Predictor } from './predict';
import type { ScoredRow } from './rows';
import { median } from './stats';

/** One fitted constant: its value and what informed it. */
export interface ConstantFit {
  value: number;
  /** Rows whose estimate depends on the constant (the fit's objective). */
  rows: number;
  /** Distinct sources (citations) among those rows. */
  sources: string[];
  /** The fit stopped at a plausibility bound of fitted.ts. */
  atBound: 'min' | 'max' | null;
}

export type Fit = Record<FittedConstantName, ConstantFit>;

const NAMES = Object.keys(BOUNDS) as FittedConstantName[];
const GRID_POINTS = 41;
const REFINE_STEPS = 24;
const ROUNDS = 3;

/**
 * How the objective weighs rows: 'sources' as described at `objective`, 'rows' the median over rows for every
 * constant (the fit before the per-source objective; `npm run accuracy -- --row-median` scores it held out).
 */
export type Weighing = 'sources' | 'rows';

/**
 * The fit's objective: the median of |ln(estimate ÷ measured)| over rows (robust, symmetric in over/under).
 * Constants that only training-speed rows inform take the mean over sources of each source's median instead, so
 * every source counts once: a few constants (the CPU dispatch floor, its overlap) matter only at short steps,
 * which few sources measure, and a median over rows lets the largest table decide alone (with it,
 * fms-acceleration's 40 padding-free rows set the floor for the Qwen README's and PEFT's short steps). Memory and
 * decode keep the row median: there, sources of one or two rows would otherwise weigh as much as a table of a
 * hundred.
 */
function objective(rows: ScoredRow[], predictor: Predictor, k: FittedConstants, weighing: Weighing): number {
  const error = (r: ScoredRow) => Math.abs(Math.log(predictor.predict(r, k) / r.measured));
  if (weighing === 'rows' || !rows.every((r) => r.quantity === 'train')) return median(rows.map(error));
  const bySource = new Map<string, number[]>();
  for (const r of rows) {
    const errors = bySource.get(r.group);
    if (errors) errors.push(error(r));
    else bySource.set(r.group, [error(r)]);
  }
  const medians = [...bySource.values()].map(median);
  return medians.reduce((sum, m) => sum + m, 0) / medians.length;
}

/** The rows whose estimate moves when `name` goes from its lower to its upper bound. */
function informedRows(
  rows: ScoredRow[],
  predictor: Predictor,
  base: FittedConstants,
  name: FittedConstantName,
): ScoredRow[] {
  const low = { ...base, [name]: BOUNDS[name].min };
  const high = { ...base, [name]: BOUNDS[name].max };
  return rows.filter((r) => {
    const a = predictor.predict(r, low);
    const b = predictor.predict(r, high);
    return Math.abs(a - b) > 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  });
}

/** Minimizes the objective over [min, max]: a grid, then golden-section search around the best grid point. */
function minimize(f: (x: number) => number, min: number, max: number): number {
  const step = (max - min) / (GRID_POINTS - 1);
  let best = min;
  let bestValue = Infinity;
  for (let i = 0; i < GRID_POINTS; i++) {
    const x = min + i * step;
    const value = f(x);
    if (value < bestValue - 1e-12) {
      best = x;
      bestValue = value;
    }
  }
  let lo = Math.max(min, best - step);
  let hi = Math.min(max, best + step);
  const ratio = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < REFINE_STEPS; i++) {
    const a = hi - ratio * (hi - lo);
    const b = lo + ratio * (hi - lo);
    if (f(a) <= f(b)) hi = b;
    else lo = a;
  }
  const mid = (lo + hi) / 2;
  return f(mid) <= bestValue ? mid : best;
}

/** Rounds a fitted value to 3 significant digits: the fit is not more precise than that. */
function round3(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(3));
}

/**
 * Rows that score the estimator but inform no constant: training under DeepSpeed ZeRO-3, whose parameter fetch hooks
 * are timed with the hook time fitted on FSDP's units (speed-step.ts, zero3FetchCalls). Scored only, they test that
 * transfer in every fold. Fitted with the rest, their one source (the Qwen README) could not tell that hook time from
 * the per-op dispatch time: the fold without PEFT's rows took a far longer dispatch time and no hook time, and PEFT's
 * rows, held out, came out 64.6% slow (`npm run accuracy -- --train-only`, 2026-12-05).
 */
export const validationOnly = (r: ScoredRow): boolean => r.run.config?.sharding === 'zero3';

/**
 * Fits every constant of fitted.ts on `rows`, less the validation-only ones, by coordinate descent from the priors:
 * each constant in turn minimizes the objective over the rows it informs, within its plausibility bounds, three
 * rounds.
 * A constant no row informs keeps its prior. Deterministic: the same rows give the same constants.
 */
export function fitConstants(
  scored: ScoredRow[],
  predictor: Predictor,
  weighing: Weighing = 'sources',
): { constants: FittedConstants; fit: Fit } {
  const rows = scored.filter((r) => !validationOnly(r));
  const k = Object.fromEntries(NAMES.map((n) => [n, BOUNDS[n].prior])) as unknown as FittedConstants;
  const informed = new Map<FittedConstantName, ScoredRow[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of NAMES) {
      const own = informedRows(rows, predictor, k, name);
      informed.set(name, own);
      if (own.length === 0) {
        k[name] = BOUNDS[name].prior;
        continue;
      }
      const { min, max } = BOUNDS[name];
      k[name] = round3(minimize((x) => objective(own, predictor, { ...k, [name]: x }, weighing), min, max));
    }
  }
  const fit = Object.fromEntries(
    NAMES.map((name) => {
      const own = informed.get(name) ?? [];
      const { min, max } = BOUNDS[name];
      const span = max - min;
      const atBound =
        own.length === 0 ? null : k[name] <= min + 1e-3 * span ? 'min' : k[name] >= max - 1e-3 * span ? 'max' : null;
      return [
        name,
        { value: k[name], rows: own.length, sources: [...new Set(own.map((r) => r.group))].sort(), atBound },
      ];
    }),
  ) as Fit;
  return { constants: k, fit };
}
