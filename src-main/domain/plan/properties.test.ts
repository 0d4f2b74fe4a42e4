import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanInputRaw } from './input';
import { planJob } from './job-plan';
import { spotOutcome } from './spot';

const card = { cardId: 'rtx-4090', provider: 'P', currency: 'CNY' as const, observedAt: 'test', source: 'test' };
const granularity = fc.constantFrom('second' as const, 'minute' as const, 'hour' as const);

/** Random but valid plan requests: every billing, random extras and spot settings. */
const planInput = fc.record({
  computeHours: fc.double({ min: 0.01, max: 2000, noNaN: true }),
  gpuCount: fc.integer({ min: 1, max: 8 }),
  setupHours: fc.double({ min: 0, max: 10, noNaN: true }),
  idleHours: fc.double({ min: 0, max: 30, noNaN: true }),
  hourly: fc.double({ min: 0.01, max: 50, noNaN: true }),
  spotFraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
  monthly: fc.double({ min: 100, max: 20_000, noNaN: true }),
  granularity,
  interruptionsPerHour: fc.double({ min: 0, max: 2, noNaN: true }),
  saveMinutes: fc.double({ min: 0.05, max: 20, noNaN: true }),
  restartMinutes: fc.double({ min: 0, max: 60, noNaN: true }),
  storageGB: fc.double({ min: 0, max: 2000, noNaN: true }),
  egressGB: fc.double({ min: 0, max: 500, noNaN: true }),
  snapshotGB: fc.double({ min: 0, max: 200, noNaN: true }),
});
type Sample = typeof planInput extends fc.Arbitrary<infer T> ? T : never;

function toInput(s: Sample, interruptionsPerHour = s.interruptionsPerHour, interval?: number): PlanInputRaw {
  return {
    computeHours: s.computeHours,
    gpuCount: s.gpuCount,
    setupHours: s.setupHours,
    idleHours: s.idleHours,
    offers: [
      { ...card, id: 'od', billing: 'hourly', price: s.hourly, granularity: s.granularity },
      { ...card, id: 'sp', billing: 'spot', price: s.hourly * s.spotFraction, granularity: s.granularity },
      { ...card, id: 'mo', billing: 'monthly', price: s.monthly },
      { ...card, id: 'dy', billing: 'daily', price: s.monthly / 20 },
    ],
    spot: {
      interruptionsPerHour,
      checkpointSaveMinutes: s.saveMinutes,
      restartMinutes: s.restartMinutes,
      checkpointIntervalMinutes: interval,
    },
    extras: { storageGB: s.storageGB, egressGB: s.egressGB, snapshotGB: s.snapshotGB },
  };
}

const totalOf = (raw: PlanInputRaw, billing: string): number =>
  planJob(raw).options.find((o) => o.billing === billing)!.total;

describe('plan properties', () => {
  it('more interruptions never make spot (or the mix) cheaper, at a fixed checkpoint interval', () => {
    fc.assert(
      fc.property(
        planInput,
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 1, max: 120, noNaN: true }),
        (s, other, gap) => {
          const [low, high] = [s.interruptionsPerHour, other].sort((a, b) => a - b) as [number, number];
          const interval = s.saveMinutes + gap;
          for (const billing of ['spot', 'mixed']) {
            expect(totalOf(toInput(s, low, interval), billing)).toBeLessThanOrEqual(
              totalOf(toInput(s, high, interval), billing),
            );
          }
        },
      ),
    );
  });

  it('more interruptions never make spot cheaper with the recommended interval either', () => {
    fc.assert(
      fc.property(planInput, fc.double({ min: 0, max: 2, noNaN: true }), (s, other) => {
        const [low, high] = [s.interruptionsPerHour, other].sort((a, b) => a - b) as [number, number];
        expect(totalOf(toInput(s, low), 'spot')).toBeLessThanOrEqual(totalOf(toInput(s, high), 'spot'));
      }),
    );
  });

  it('a longer checkpoint interval never reduces the expected lost work', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (work, lambda, save, restart, a, b) => {
          const [short, long] = [save + a, save + b].sort((x, y) => x - y) as [number, number];
          const p = { interruptionsPerHour: lambda, checkpointSaveHours: save, restartHours: restart };
          const lostShort = spotOutcome(work, short, p).expectedLostWorkHours;
          const lostLong = spotOutcome(work, long, p).expectedLostWorkHours;
          expect(lostLong).toBeGreaterThanOrEqual(lostShort * (1 - 1e-9) - 1e-12); // float slack only
        },
      ),
    );
  });

  it('costs are never negative and every total is the sum of its lines to the fen', () => {
    fc.assert(
      fc.property(planInput, (s) => {
        const plan = planJob(toInput(s));
        expect(plan.options.length).toBe(5);
        for (const option of plan.options) {
          expect(option.total).toBeGreaterThanOrEqual(0);
          for (const line of option.lines) expect(line.amount).toBeGreaterThanOrEqual(0);
          const linesMinor = option.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
          expect(Math.round(option.total * 100)).toBe(linesMinor);
          for (const line of option.lines) expect(Math.round(line.amount * 100)).toBeCloseTo(line.amount * 100, 6);
        }
        for (const p of plan.breakEven.packages) expect(p.wastedAmount).toBeGreaterThanOrEqual(0);
        expect(plan.spot.expectedExtraHours).toBeGreaterThanOrEqual(0);
        expect(plan.spot.pAtLeastOne).toBeGreaterThanOrEqual(0);
        expect(plan.spot.pAtLeastOne).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a longer job never costs less under any billing', () => {
    fc.assert(
      fc.property(planInput, fc.double({ min: 0, max: 500, noNaN: true }), (s, more) => {
        const shorter = planJob(toInput(s, s.interruptionsPerHour, s.saveMinutes + 10));
        const longer = planJob({
          ...toInput(s, s.interruptionsPerHour, s.saveMinutes + 10),
          computeHours: s.computeHours + more,
        });
        shorter.options.forEach((option, i) => expect(option.total).toBeLessThanOrEqual(longer.options[i]!.total));
      }),
    );
  });
});
