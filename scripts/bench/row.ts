/** One line of the `npm run bench` table: what was timed, and the figure it gave. */
export interface BenchRow {
  /** The bench it belongs to ("estimate", "cli", "store"). */
  bench: string;
  /** What was timed, with its size ("2,000 inputs, one process"). */
  what: string;
  value: number;
  /** The unit of `value` ("ms", "per s", "MiB"). */
  unit: string;
}

/** The median of some timings (the middle one; the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
