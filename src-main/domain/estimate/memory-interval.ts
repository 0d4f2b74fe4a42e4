import type { EstimateInput } from './input';
import { MEMORY_SPREAD } from './memory-spread';

/** Percentiles of held-out signed memory errors (estimate ÷ measured − 1) and what they rest on. */
export interface SpreadFigures {
  p10: number;
  p90: number;
  rows: number;
  sources: number;
}

/** Per method where enough held-out rows exist, pooled otherwise (scripts/accuracy/calibration-report.ts). */
export interface MemorySpread {
  pooled: SpreadFigures;
  byMethod: Partial<Record<EstimateInput['method'], SpreadFigures>>;
}

/** Where the measured peak of an estimate is likely to fall: 80% of held-out runs did, by source. */
export interface MemoryInterval {
  lowBytes: number;
  highBytes: number;
  /** The held-out rows and sources the interval rests on. */
  rows: number;
  sources: number;
}

/**
 * The interval of the measured peak for an estimate of `bytes`: with signed errors e = estimate ÷
 * measured − 1 between their 10th and 90th held-out percentile, measured = estimate ÷ (1 + e), so
 * [bytes ÷ (1 + p90), bytes ÷ (1 + p10)] (issue 11 point 7: err on the safe side). A method without
 * enough held-out rows, or none named, takes the pooled spread.
 */
export function memoryInterval(
  bytes: number,
  method: EstimateInput['method'] | undefined,
  spread: MemorySpread = MEMORY_SPREAD,
): MemoryInterval {
  const s = (method === undefined ? undefined : spread.byMethod[method]) ?? spread.pooled;
  const [lowBytes, highBytes] = measuredRange(bytes, s);
  return { lowBytes, highBytes, rows: s.rows, sources: s.sources };
}

/**
 * Where the measured value of an estimate `value` falls when its signed error e = estimate ÷ measured − 1 lies
 * between the held-out p10 and p90: measured = estimate ÷ (1 + e), so [value ÷ (1 + p90), value ÷ (1 + p10)], widened
 * to hold the estimate itself.
 */
export function measuredRange(value: number, s: Pick<SpreadFigures, 'p10' | 'p90'>): [number, number] {
  // An error of −100% or less cannot be inverted; such a spread would say nothing safe.
  const low = value / (1 + Math.max(s.p90, s.p10));
  const high = value / Math.max(1e-3, 1 + Math.min(s.p10, s.p90));
  return [Math.min(low, value), Math.max(high, value)];
}
