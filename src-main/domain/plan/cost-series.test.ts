import { describe, expect, it } from 'vitest';
import { costVsJobLength } from './cost-series';
import { planJob } from './job-plan';

const a100 = { cardId: 'a100-80gb', provider: 'P', currency: 'CNY' as const, observedAt: 'test', source: 'test' };

describe('cost vs job length', () => {
  it('finds where a ¥6,500 month overtakes ¥20/h on-demand: 325 h', () => {
    const result = costVsJobLength({
      computeHours: 100,
      setupHours: 0,
      idleHours: 0,
      offers: [
        { ...a100, id: 'od', billing: 'hourly', price: 20 },
        { ...a100, id: 'mo', billing: 'monthly', price: 6500 },
      ],
      extras: { storageGB: 0 },
    });
    expect(result.series.map((s) => s.key)).toEqual(['hourly:od', 'monthly:mo']);
    expect(result.series[0]!.points.at(-1)!.computeHours).toBeCloseTo(803, 6); // 1.1 × 730 h
    expect(result.crossings).toHaveLength(1);
    expect(result.crossings[0]!.computeHours).toBeCloseTo(325, 3); // ¥6,500 ÷ ¥20/h
    expect(result.crossings[0]!.cheaperAfter).toBe('monthly:mo');
  });

  it('crosses where the package break-even says, setup and idle hours included (one number for panel and chart)', () => {
    const input = {
      computeHours: 100,
      setupHours: 1.5,
      idleHours: 0.5,
      offers: [
        { ...a100, id: 'od', billing: 'hourly' as const, price: 20 },
        { ...a100, id: 'mo', billing: 'monthly' as const, price: 6500 },
      ],
    };
    const crossing = costVsJobLength(input).crossings[0]!;
    const pkg = planJob(input).breakEven.packages[0]!;
    // ¥6,500 ÷ ¥20/h = 325 billed hours, of which 2 are setup and idle: 323 compute hours.
    expect(pkg.breakEvenHoursPerPeriod).toBeCloseTo(325, 9);
    expect(pkg.breakEvenComputeHours).toBeCloseTo(323, 9);
    expect(crossing.computeHours).toBeCloseTo(pkg.breakEvenComputeHours!, 3); // bisection stops within 1e-6 h
  });

  it('puts spot below on-demand everywhere when spot is cheap, so they never cross', () => {
    const result = costVsJobLength({
      computeHours: 50,
      offers: [
        { ...a100, id: 'od', billing: 'hourly', price: 20 },
        { ...a100, id: 'sp', billing: 'spot', price: 4 },
      ],
    });
    expect(result.series.map((s) => s.key)).toEqual(['hourly:od', 'spot:sp', 'mixed:sp']);
    expect(result.crossings.filter((c) => c.cheaperAfter === 'hourly:od')).toEqual([]);
    for (const series of result.series) {
      series.points.slice(1).forEach((p, i) => expect(p.total).toBeGreaterThanOrEqual(series.points[i]!.total));
    }
  });
});
