import type { FitAdvice, FitChange } from './fit-changes';

/** Cheapest in GPU-hours per token first (a change with no speed modelled last), then the smaller peak. */
export function cheapestFirst(a: FitChange, b: FitChange): number {
  const cost = (c: FitChange) => c.gpuHoursFactor ?? Number.POSITIVE_INFINITY;
  return cost(a) - cost(b) || a.totalBytes - b.totalBytes;
}

/**
 * Every way of "What would make it fit?" in one list, cheapest first: the single changes, the combination of
 * job-keeping changes where given, and each change to the job completed by the job-keeping changes it needs.
 * Apart from fit-changes.ts, so a page can order the answer without loading the estimator.
 */
export function fitRows(advice: Pick<FitAdvice, 'changes' | 'combined' | 'completed'>): FitChange[] {
  return [...advice.changes, ...(advice.combined ? [advice.combined] : []), ...advice.completed].sort(cheapestFirst);
}
