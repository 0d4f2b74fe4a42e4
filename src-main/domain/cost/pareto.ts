/**
 * Marks the Pareto front of points where both coordinates are minimized (cost, time): a point is on the
 * front when no other point is at least as good on both and strictly better on one. Equal points share it.
 */
export function paretoFront<T>(items: readonly T[], cost: (item: T) => number, time: (item: T) => number): boolean[] {
  const points = items.map((item) => [cost(item), time(item)] as const);
  return points.map(([c, t]) => !points.some(([c2, t2]) => c2 <= c && t2 <= t && (c2 < c || t2 < t)));
}
