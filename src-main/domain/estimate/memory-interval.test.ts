import { describe, expect, it } from 'vitest';
import { memoryInterval, type MemorySpread } from './memory-interval';
import { MEMORY_SPREAD } from './memory-spread';

const GIB = 2 ** 30;
const spread: MemorySpread = {
  pooled: { p10: -0.2, p90: 0.25, rows: 100, sources: 9 },
  byMethod: { lora: { p10: -0.1, p90: 0.1, rows: 30, sources: 5 } },
};

describe('memoryInterval', () => {
  it('inverts the held-out errors: measured = estimate ÷ (1 + error)', () => {
    const i = memoryInterval(20 * GIB, 'lora', spread);
    expect(i.lowBytes).toBeCloseTo((20 * GIB) / 1.1, 0);
    expect(i.highBytes).toBeCloseTo((20 * GIB) / 0.9, 0);
    expect(i).toMatchObject({ rows: 30, sources: 5 });
  });

  it('takes the pooled spread for a method without enough held-out rows', () => {
    const i = memoryInterval(20 * GIB, 'full', spread);
    expect(i.lowBytes).toBeCloseTo((20 * GIB) / 1.25, 0);
    expect(i.highBytes).toBeCloseTo((20 * GIB) / 0.8, 0);
  });

  it('always holds the estimate, and the shipped spread rests on held-out rows of several sources', () => {
    for (const method of ['inference', 'full', 'lora', 'qlora'] as const) {
      const i = memoryInterval(10 * GIB, method);
      expect(i.lowBytes).toBeLessThanOrEqual(10 * GIB);
      expect(i.highBytes).toBeGreaterThanOrEqual(10 * GIB);
      expect(i.sources).toBeGreaterThanOrEqual(3);
    }
    expect(MEMORY_SPREAD.pooled.rows).toBeGreaterThan(100);
  });
});
