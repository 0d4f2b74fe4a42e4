import { PERIOD_HOURS } from './billing-time';
import { parsePlanInput, planParsedJob } from './job-plan';
import type { PlanInput, PlanInputRaw } from './input';
import type { PlanOption } from './output';

/** Total cost of one billing option as the job grows. */
export interface CostSeries {
  /** Stable id: billing and offer ("hourly:autodl-a100", "mixed:user"). */
  key: string;
  billing: PlanOption['billing'];
  label: PlanOption['label'];
  points: { computeHours: number; total: number }[];
}

/** A job length where `cheaperAfter` becomes cheaper than `cheaperBefore`. */
export interface Crossing {
  computeHours: number;
  cheaperBefore: string;
  cheaperAfter: string;
}

export interface CostVsJobLength {
  currency: PlanOption['currency'];
  series: CostSeries[];
  crossings: Crossing[];
}

const optionKey = (option: PlanOption): string => `${option.billing}:${option.offerId ?? 'user'}`;

function totalsAt(input: PlanInput, computeHours: number): Map<string, number> {
  const plan = planParsedJob({ ...input, computeHours });
  return new Map(plan.options.map((option) => [optionKey(option), option.total]));
}

/** Finds where a − b changes sign between lo and hi by bisection (works for the step costs of packages too). */
function bisect(input: PlanInput, a: string, b: string, lo: number, hi: number): number {
  const diff = (hours: number): number => {
    const totals = totalsAt(input, hours);
    return (totals.get(a) ?? 0) - (totals.get(b) ?? 0);
  };
  const signLo = Math.sign(diff(lo));
  for (let i = 0; i < 40 && hi - lo > 1e-6; i += 1) {
    const mid = (lo + hi) / 2;
    if (Math.sign(diff(mid)) === signLo) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Cost against job length (compute hours) for every billing option of the plan, with the job
 * lengths where one option overtakes another (article 001 §4.1: "先估任务时长，再算两条成本曲线在哪个点交叉").
 * The range runs to twice the planned job or just past the longest package period, whichever is longer.
 */
export function costVsJobLength(raw: PlanInputRaw, pointCount = 100): CostVsJobLength {
  const input = parsePlanInput(raw);
  const longestPeriod = Math.max(...input.offers.map((offer) => PERIOD_HOURS[offer.billing]));
  const maxHours = Math.min(100_000, Math.max(2 * input.computeHours, 1.1 * longestPeriod, 24));
  const count = Math.max(2, Math.min(1000, Math.round(pointCount)));
  const grid = Array.from({ length: count }, (_, i) => (maxHours * (i + 1)) / count);

  const first = planParsedJob({ ...input, computeHours: grid[0]! });
  const series: CostSeries[] = first.options.map((option) => ({
    key: optionKey(option),
    billing: option.billing,
    label: option.label,
    points: [],
  }));
  for (const hours of grid) {
    const totals = totalsAt(input, hours);
    for (const line of series) line.points.push({ computeHours: hours, total: totals.get(line.key) ?? 0 });
  }

  const crossings: Crossing[] = [];
  for (let i = 0; i < series.length; i += 1) {
    for (let j = i + 1; j < series.length; j += 1) {
      const a = series[i]!;
      const b = series[j]!;
      for (let k = 0; k + 1 < grid.length; k += 1) {
        const before = Math.sign(a.points[k]!.total - b.points[k]!.total);
        const after = Math.sign(a.points[k + 1]!.total - b.points[k + 1]!.total);
        if (before === after || after === 0) continue;
        const at = bisect(input, a.key, b.key, grid[k]!, grid[k + 1]!);
        const aCheaperAfter = after < 0;
        crossings.push({
          computeHours: at,
          cheaperBefore: aCheaperAfter ? b.key : a.key,
          cheaperAfter: aCheaperAfter ? a.key : b.key,
        });
      }
    }
  }
  crossings.sort((x, y) => x.computeHours - y.computeHours);
  return { currency: first.options[0]?.currency ?? input.offers[0]!.currency, series, crossings };
}
