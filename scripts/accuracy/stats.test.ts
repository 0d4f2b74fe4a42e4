import { describe, expect, it } from 'vitest';
import { quantile, summarize } from './stats';

describe('error summaries', () => {
  it('gives the median and p90 of |error|, the share within ±20% and the signed median', () => {
    // Hand-computed: |errors| sorted 0.05 0.1 0.1 0.3 0.5; p90 = 0.3 + 0.6·(0.5 − 0.3) = 0.42.
    const s = summarize([-0.1, 0.05, 0.3, -0.5, 0.1]);
    expect(s.n).toBe(5);
    expect(s.median).toBeCloseTo(0.1, 12);
    expect(s.p90).toBeCloseTo(0.42, 12);
    expect(s.within20).toBeCloseTo(3 / 5, 12);
    expect(s.signedMedian).toBeCloseTo(0.05, 12);
  });

  it('interpolates between ranks and gives NaN for no rows', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(Number.isNaN(summarize([]).median)).toBe(true);
  });
});
