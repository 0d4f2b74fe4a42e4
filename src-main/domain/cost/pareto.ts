/**
 * Marks the Pareto front of points where both coordinates are minimized (cost, time): a point is on the
 * front when no other point is at least as good on both and strictly better on one. Equal points share it.
 * Sorted by cost, then time, a point is on the front when its time is below every time of a cheaper point
 * and no point of the same cost is faster: O(n log n), so a ranking of thousands of offers stays fast.
 */
export function paretoFront<T>(items: readonly T[], cost: (item: T) => number, time: (item: T) => number): boolean[] {
  const points = items.map((item) => [cost(item), time(item)] as const);
  // A coordinate that is not a number compares false with everything: such a point neither dominates nor is dominated.
  if (points.some(([c, t]) => Number.isNaN(c) || Number.isNaN(t))) return quadraticFront(points);
  const order = points.map((_, i) => i).sort((a, b) => points[a]![0] - points[b]![0] || points[a]![1] - points[b]![1]);
  const front = new Array<boolean>(points.length).fill(false);
  let fastestCheaper: number | undefined;
  for (let start = 0; start < order.length;) {
    const groupCost = points[order[start]!]![0];
    let end = start;
    while (end < order.length && points[order[end]!]![0] === groupCost) end += 1;
    const fastestHere = points[order[start]!]![1];
    for (let k = start; k < end; k++) {
      const t = points[order[k]!]![1];
      front[order[k]!] = t === fastestHere && (fastestCheaper === undefined || t < fastestCheaper);
    }
    fastestCheaper = Math.min(fastestCheaper ?? Infinity, fastestHere);
    start = end;
  }
  return front;
}

/** The definition, point against point. */
export function quadraticFront(points: ReadonlyArray<readonly [number, number]>): boolean[] {
  return points.map(([c, t]) => !points.some(([c2, t2]) => c2 <= c && t2 <= t && (c2 < c || t2 < t)));
}
