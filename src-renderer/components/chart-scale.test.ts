import { describe, expect, it } from 'vitest';
import { formatTick, linePath, logTicks, makeScale, niceStep, niceTicks, spreadLabels } from './chart-scale';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten and covers the data', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(0.7, 5)).toBe(0.2);
    expect(niceTicks(0, 47.7)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(2.4, 9.6)).toEqual([2, 4, 6, 8, 10]);
    expect(niceTicks(0.1, 0.3)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
  });
  it('opens a range around a single value', () => {
    const ticks = niceTicks(5, 5);
    expect(ticks[0]).toBeLessThan(5);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(5);
  });
});

describe('makeScale', () => {
  it('maps the nice domain onto the pixel range, flipped for a y axis', () => {
    const y = makeScale([12, 47.7], 284, 16, { includeZero: true });
    expect(y.domain).toEqual([0, 50]);
    expect(y(0)).toBe(284);
    expect(y(50)).toBe(16);
    expect(y(25)).toBe(150);
  });
  it('goes logarithmic only when the values span more than the ratio', () => {
    expect(makeScale([2.4, 9.6], 0, 100, { logRatio: 20 }).log).toBe(false);
    const x = makeScale([1, 100], 0, 100, { logRatio: 20 });
    expect(x.log).toBe(true);
    // Equal ratios take equal distances on a log axis.
    expect(x(10) - x(1)).toBeCloseTo(x(100) - x(10), 9);
    expect(x(1)).toBeGreaterThan(0);
    expect(x(100)).toBeLessThan(100);
  });
});

describe('logTicks and labels', () => {
  it('puts ticks at 1, 2, 5 per decade', () => {
    expect(logTicks(0.8, 60)).toEqual([1, 2, 5, 10, 20, 50]);
  });
  it('shortens large numbers', () => {
    expect(formatTick(1200)).toBe('1200');
    expect(formatTick(25_000)).toBe('25k');
    expect(formatTick(0.15000000000000002)).toBe('0.15');
    expect(formatTick(3_500_000)).toBe('3.5M');
  });
  it('draws a path through the points in order', () => {
    expect(
      linePath([
        { x: 0, y: 1 },
        { x: 2.25, y: 3 },
      ]),
    ).toBe('M0.0 1.0 L2.3 3.0');
  });
});

describe('spreadLabels', () => {
  it('leaves labels that do not collide where they are', () => {
    expect(spreadLabels([100, 40, 200], 12, 0, 300)).toEqual([100, 40, 200]);
  });
  it('moves colliding labels apart by the gap, keeping their order', () => {
    const placed = spreadLabels([100, 95, 104], 12, 0, 300);
    const sorted = [...placed].sort((a, b) => a - b);
    expect(placed[1]).toBe(sorted[0]);
    expect(placed[0]).toBe(sorted[1]);
    expect(sorted[1]! - sorted[0]!).toBeGreaterThanOrEqual(12);
    expect(sorted[2]! - sorted[1]!).toBeGreaterThanOrEqual(12);
    expect(placed[1]).toBe(95);
  });
  it('stays inside the range when the labels fit in it', () => {
    const placed = spreadLabels([298, 299, 300], 10, 0, 300);
    expect(Math.max(...placed)).toBe(300);
    expect([...placed].sort((a, b) => a - b)).toEqual([280, 290, 300]);
  });
});
