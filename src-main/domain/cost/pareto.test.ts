import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paretoFront, quadraticFront } from './pareto';

describe('paretoFront (cost, time) both minimized', () => {
  const front = (points: Array<[number, number]>) =>
    paretoFront(
      points,
      (p) => p[0],
      (p) => p[1],
    );

  it('keeps the cheapest, the fastest and the trade-offs between them', () => {
    // (cost, hours): A cheap+slow, B middle, C fast+dear, D dominated by B, E dominated by A
    expect(
      front([
        [10, 9],
        [20, 5],
        [40, 2],
        [25, 6],
        [12, 9],
      ]),
    ).toEqual([true, true, true, false, false]);
  });

  it('a point equal on one axis and worse on the other is dominated; equal points both stay', () => {
    expect(
      front([
        [10, 5],
        [10, 6],
        [10, 5],
      ]),
    ).toEqual([true, false, true]);
  });

  it('handles empty and single inputs', () => {
    expect(front([])).toEqual([]);
    expect(front([[1, 1]])).toEqual([true]);
  });

  it('is the front of the definition (every point against every other) on many sets, ties and infinities included', () => {
    // Few distinct values, so equal costs, equal times and equal points are common.
    const coordinate = fc.oneof(
      fc.integer({ min: 0, max: 6 }),
      fc.constant(Infinity),
      fc.double({ min: 0, max: 10, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate), { maxLength: 60 }), (points) => {
        expect(front(points)).toEqual(quadraticFront(points));
      }),
      { numRuns: 2000 },
    );
  });
});
