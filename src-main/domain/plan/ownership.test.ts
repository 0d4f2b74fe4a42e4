import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors';
import { costPerUsedCardHour, monthlyPowerCost, ownershipInputSchema, planOwnership } from './ownership';

describe('article 001 §1.1–1.2: owning an 8-card high-end server at ¥59,200 a month', () => {
  // The article's table is missing from the copy quoted in docs/sources.md; its text gives the inputs used here:
  // "月成本 5.92 万固定不变", "八卡跑满一个月是 8×730 等于 5840 卡时".
  it('costs ≈ ¥10 / ¥20 / ¥33 per used card-hour at 100 / 50 / 30% utilization', () => {
    const full = costPerUsedCardHour(59_200, 8, 1);
    const half = costPerUsedCardHour(59_200, 8, 0.5);
    const third = costPerUsedCardHour(59_200, 8, 0.3);
    console.log(`article 001: ¥${full.toFixed(2)} / ¥${half.toFixed(2)} / ¥${third.toFixed(2)} per used card-hour`);
    // The article truncates: 10.14 → "约 10", 20.27 → "20", 33.79 → "33".
    expect([full, half, third].map(Math.floor)).toEqual([10, 20, 33]);
    expect(full).toBeCloseTo(10.14, 2);
    expect(half).toBeCloseTo(20.27, 2);
    expect(third).toBeCloseTo(33.79, 2);
  });

  it('has 5,840 card-hours a month at full load and 2,920 at 50%', () => {
    const plan = planOwnership({ cardPrice: 0, powerW: 0, otherPerMonth: 59_200, utilization: 0.5 });
    expect(plan.cardHoursPerMonth).toBe(5840);
    expect(plan.monthly.total).toBe(59_200);
    expect(plan.costPerUsedCardHour).toBeCloseTo(59_200 / 2920, 9);
  });

  it('stops paying below about half utilization against a ¥20 rental ("利用率一旦掉到一半以下，自建的成本优势基本就没了")', () => {
    const plan = planOwnership({ cardPrice: 0, powerW: 0, otherPerMonth: 59_200, rentalPricePerCardHour: 20 });
    expect(plan.breakEvenUtilization).toBeCloseTo(59_200 / (20 * 5840), 9); // 0.507
    // The article's rental range "十几到二十几元": ¥15–25 puts break-even between 41% and 68%.
    const low = planOwnership({ cardPrice: 0, powerW: 0, otherPerMonth: 59_200, rentalPricePerCardHour: 25 });
    const high = planOwnership({ cardPrice: 0, powerW: 0, otherPerMonth: 59_200, rentalPricePerCardHour: 15 });
    expect(low.breakEvenUtilization).toBeGreaterThan(0.4);
    expect(high.breakEvenUtilization).toBeLessThan(0.7);
  });

  it('prices power like the article: 4 kW → "两千多块", 8 kW → "接近五千块" a month at ¥0.8/kWh', () => {
    const input = (powerW: number) => ownershipInputSchema.parse({ cardPrice: 0, powerW });
    expect(monthlyPowerCost(input(4000), 1)).toBeCloseTo(2336, 6); // 4 kW × 730 h × 0.8
    expect(monthlyPowerCost(input(8000), 1)).toBeGreaterThan(4500);
    expect(monthlyPowerCost(input(8000), 1)).toBeLessThan(5000);
  });
});

describe('rent or buy', () => {
  it('adds depreciation to resale, power with PUE, hosting and the rest', () => {
    const plan = planOwnership({
      cardCount: 8,
      cardPrice: 100_000,
      serverPrice: 80_000,
      resaleValue: 160_000,
      lifetimeYears: 3,
      powerW: 5000,
      idlePowerW: 1000,
      pue: 1.5,
      electricityPricePerKWh: 1,
      hostingPerMonth: 3000,
      utilization: 0.5,
    });
    // (800,000 + 80,000 − 160,000) / 36 = 20,000; power (0.5×5 + 0.5×1) kW × 730 h × ¥1 × 1.5 = 3,285.
    expect(plan.monthly).toEqual({ depreciation: 20_000, power: 3285, hosting: 3000, other: 0, total: 26_285 });
    expect(plan.costPerUsedCardHour).toBeCloseTo(26_285 / 2920, 9);
  });

  it('gives a falling cost per used card-hour as utilization rises', () => {
    const plan = planOwnership({ cardPrice: 20_000, powerW: 3000, idlePowerW: 600 });
    expect(plan.series).toHaveLength(20);
    plan.series
      .slice(1)
      .forEach((point, i) => expect(point.costPerUsedCardHour).toBeLessThan(plan.series[i]!.costPerUsedCardHour));
  });

  it('scales power with utilization: an unset idle draw is half the load draw (linear model, Fan et al. 2007)', () => {
    const input = ownershipInputSchema.parse({ cardPrice: 0, powerW: 8000, electricityPricePerKWh: 1 });
    // P(u) = 4 kW + (8 − 4) kW × u: 4 kW idle, 5.6 kW at 40%, 8 kW at full load, × 730 h × ¥1.
    expect(monthlyPowerCost(input, 0)).toBeCloseTo(4 * 730, 9);
    expect(monthlyPowerCost(input, 0.4)).toBeCloseTo(5.6 * 730, 9);
    expect(monthlyPowerCost(input, 1)).toBeCloseTo(8 * 730, 9);
    const low = planOwnership({ cardPrice: 0, powerW: 8000, utilization: 0.2 });
    const high = planOwnership({ cardPrice: 0, powerW: 8000, utilization: 0.8 });
    expect(low.monthly.power).toBeLessThan(high.monthly.power);
  });

  it('returns no break-even when renting is cheaper even at full load', () => {
    expect(
      planOwnership({ cardPrice: 0, powerW: 0, otherPerMonth: 59_200, rentalPricePerCardHour: 5 }).breakEvenUtilization,
    ).toBeNull();
  });

  it('owning at the break-even utilization costs exactly the rental price', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1000, max: 300_000, noNaN: true }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (cardPrice, powerW, idleShare, rental) => {
          const input = { cardPrice, powerW, idlePowerW: powerW * idleShare, rentalPricePerCardHour: rental };
          const { breakEvenUtilization } = planOwnership(input);
          if (breakEvenUtilization === null) return;
          const at = planOwnership({ ...input, utilization: breakEvenUtilization });
          expect(at.costPerUsedCardHour).toBeCloseTo(rental, 6);
        },
      ),
    );
  });

  it('names the bad field', () => {
    expect(() => planOwnership({ cardPrice: 1000, powerW: 100, utilization: 0 })).toThrow(InputError);
    expect(() => planOwnership({ cardPrice: 1000, powerW: 100, resaleValue: 1e9 })).toThrow(
      expect.objectContaining({ field: 'resaleValue' }),
    );
  });
});
