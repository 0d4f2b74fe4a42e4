import { describe, expect, it } from 'vitest';
import { figureText, ratioToLimit } from './figures';
import { growthExponent, percentiles } from './stats';

describe('bench statistics', () => {
  it('takes p50, p95 and p99 by nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(hundred)).toEqual({ p50Ms: 50, p95Ms: 95, p99Ms: 99, runs: 100 });
    expect(percentiles([3])).toEqual({ p50Ms: 3, p95Ms: 3, p99Ms: 3, runs: 1 });
  });

  it('reads growth as the steepest log-log slope between neighbouring sizes', () => {
    const linear = [10, 100, 1000].map((size) => ({ size, ms: 5 + size * 0.01 }));
    // 5.1 → 6 → 15 ms: the constant hides the growth at first; the last step is ×2.5 for ×10.
    expect(growthExponent(linear)).toBeCloseTo(Math.log10(15 / 6), 10);
    // A quadratic step between small sizes is flagged even when the last step looks linear.
    expect(
      growthExponent([
        { size: 10, ms: 1 },
        { size: 100, ms: 100 },
        { size: 1000, ms: 1000 },
      ]),
    ).toBeCloseTo(2, 10);
    const quadratic = [1e3, 1e4, 1e5].map((size) => ({ size, ms: (size / 1e3) ** 2 }));
    expect(growthExponent(quadratic)).toBeCloseTo(2, 10);
    expect(growthExponent([{ size: 10, ms: 1 }])).toBeNaN();
  });

  it('compares a figure to its limit as a cost: time over time, or rate under rate', () => {
    expect(ratioToLimit({ section: 's', name: 'n', p50Ms: 3, limit: { name: 'l', p50Ms: 1.5 } })).toBe(2);
    expect(
      ratioToLimit({ section: 's', name: 'n', rowsPerSecond: 50_000, limit: { name: 'l', rowsPerSecond: 200_000 } }),
    ).toBe(4);
    expect(ratioToLimit({ section: 's', name: 'n', p50Ms: 3 })).toBeUndefined();
    expect(figureText({ rowsPerSecond: 152_345.4, peakRssMiB: 210 })).toBe('152,345 rows/s · peak RSS 210 MiB');
    expect(figureText({ p50Ms: 0.2134, p99Ms: 12.34 })).toBe('p50 0.213 ms · p99 12.3 ms');
    expect(figureText({ p50Ms: 41.24, p95Ms: 48.6, p99Ms: 120.4 })).toBe('p50 41.2 ms · p95 48.6 ms · p99 120 ms');
  });
});
