import { describe, expect, it } from 'vitest';
import { InputError } from '../errors';
import type { PlanInputRaw } from './input';
import { planJob } from './job-plan';
import type { PlanOption } from './output';
import { english, msg } from '../messages';

const a100 = { cardId: 'a100-80gb', provider: 'P', currency: 'CNY' as const, observedAt: 'test', source: 'test' };
const noExtras = { storageGB: 0, egressGB: 0, snapshotGB: 0 };
const option = (options: PlanOption[], billing: PlanOption['billing']): PlanOption => {
  const found = options.find((o) => o.billing === billing);
  if (!found) throw new Error(`no ${billing} option`);
  return found;
};

describe('article 000 §7: 14 h 7B fine-tune, debug on on-demand, train on spot', () => {
  // The article's inputs: 14 h of training on one A100 80G, ~1.5 h of on-demand debugging (§7.2),
  // spot at ~20% of on-demand (§2.3), a checkpoint every 10 minutes, one reclaim (§7.4). It counts
  // GPU rent only. The on-demand price cancels out; ¥20 is the middle of article 004's ¥15–25.
  // Save and restart times are not stated, so the claim must hold across plausible values.
  const article = (saveMinutes: number, restartMinutes: number): PlanInputRaw => ({
    computeHours: 14,
    setupHours: 1.5,
    idleHours: 0,
    offers: [
      { ...a100, id: 'od', billing: 'hourly', price: 20 },
      { ...a100, id: 'spot', billing: 'spot', price: 4 },
    ],
    spot: {
      interruptionsPerHour: 1 / 14.5,
      checkpointIntervalMinutes: 10,
      checkpointSaveMinutes: saveMinutes,
      restartMinutes,
    },
    extras: noExtras,
  });

  it.each([
    [0.1, 5],
    [0.25, 10],
    [0.5, 10],
    [1, 20],
  ])('saves about 70%% (save %f min, restart %f min)', (save, restart) => {
    const plan = planJob(article(save, restart));
    const onDemand = option(plan.options, 'hourly');
    const mixed = option(plan.options, 'mixed');
    const saving = 1 - mixed.total / onDemand.total;
    // Article: "总体费用比纯按量付费节省了大约70%左右"; its own figures give
    // 1 − (1.5 + 0.2 × 14.5) / (1.5 + 14) = 71.6%.
    expect(saving).toBeGreaterThan(0.65);
    expect(saving).toBeLessThan(0.75);
    // Article: "总GPU租用时长折算下来大约是14.5小时" for the spot run, one reclaim.
    expect(mixed.hours - 1.5).toBeGreaterThan(14);
    expect(mixed.hours - 1.5).toBeLessThan(16);
    expect(plan.spot.expectedInterruptions).toBeGreaterThan(0.9);
    expect(plan.spot.expectedInterruptions).toBeLessThan(1.2);
  });

  it('prints the worked figures (save 15 s, restart 10 min)', () => {
    const plan = planJob(article(0.25, 10));
    const onDemand = option(plan.options, 'hourly');
    const mixed = option(plan.options, 'mixed');
    expect(onDemand.total).toBe(310); // 15.5 h × ¥20
    console.log(
      `article 000: on-demand ¥${onDemand.total}, mixed ¥${mixed.total} (${((1 - mixed.total / onDemand.total) * 100).toFixed(1)}% saved), ` +
        `spot hours ${(mixed.hours - 1.5).toFixed(2)}, reclaims ${plan.spot.expectedInterruptions.toFixed(2)}, P(≥1) ${plan.spot.pAtLeastOne.toFixed(2)}`,
    );
  });
});

describe('article 004 §2.1–2.2: A100 on-demand ¥15–25/h vs monthly ¥5,000–8,000', () => {
  const corners = [15, 25].flatMap((hourly) => [5000, 8000].map((monthly) => ({ hourly, monthly })));
  const planFor = (hours: number, hourly: number, monthly: number) =>
    planJob({
      computeHours: hours,
      setupHours: 0,
      idleHours: 0,
      offers: [
        { ...a100, id: 'od', billing: 'hourly', price: hourly },
        { ...a100, id: 'month', billing: 'monthly', price: monthly },
      ],
      extras: noExtras,
    });

  it('the monthly package works out at ¥7–11 per hour ("折算到每小时仅7-11元")', () => {
    for (const monthly of [5000, 8000]) {
      const perHour = planFor(10, 20, monthly).breakEven.packages[0]!.effectivePricePerHour;
      expect(perHour).toBeGreaterThan(6.5);
      expect(perHour).toBeLessThan(11.5);
    }
  });

  it('break-even is monthly price ÷ hourly price: 200–533 h a month', () => {
    const evens = corners.map(({ hourly, monthly }) => planFor(10, hourly, monthly).breakEven.packages[0]!);
    expect(evens.map((e) => e.breakEvenHoursPerPeriod)).toEqual([5000 / 15, 8000 / 15, 200, 320]);
    const middle = planFor(10, 20, 6500).breakEven.packages[0]!;
    expect(middle.breakEvenHoursPerPeriod).toBeCloseTo(325, 9);
    expect(middle.breakEvenUtilization).toBeCloseTo(325 / 730, 9);
    expect(middle.breakEvenHoursPerDay).toBeCloseTo(10.68, 2);
    expect(middle.breakEvenDaysPerPeriod).toBeCloseTo(13.54, 2);
  });

  it('a full month on demand comes to about ten thousand ("连续使用一个月总价可能高达万元")', () => {
    const plan = planFor(730, 15, 5000);
    expect(option(plan.options, 'hourly').total).toBeGreaterThanOrEqual(10_000);
    expect(option(plan.options, 'monthly').total).toBe(5000);
  });

  it('8 days × 12 h a month is cheaper on demand at every corner (article 000 §2.2)', () => {
    for (const { hourly, monthly } of corners) {
      const plan = planFor(8 * 12, hourly, monthly);
      expect(option(plan.options, 'hourly').total).toBeLessThan(option(plan.options, 'monthly').total);
    }
  });

  it('reports what a package wastes when the job ends early', () => {
    const plan = planJob({
      computeHours: 40,
      setupHours: 0,
      idleHours: 0,
      offers: [{ ...a100, id: 'day', billing: 'daily', price: 240 }],
      extras: noExtras,
    });
    const day = plan.breakEven.packages[0]!;
    expect(day.periodsBought).toBe(2);
    expect(day.wastedHours).toBeCloseTo(8, 9);
    expect(day.wastedAmount).toBeCloseTo(80, 9); // 8 h × ¥240/24 h
    expect(day.breakEvenHoursPerPeriod).toBeNull(); // no on-demand offer to compare with
    expect(option(plan.options, 'daily').total).toBe(480);
  });
});

describe('on-demand granularity', () => {
  const job = (granularity: 'second' | 'minute' | 'hour', hours: number) =>
    option(
      planJob({
        computeHours: hours,
        setupHours: 0,
        idleHours: 0,
        offers: [{ ...a100, id: 'od', billing: 'hourly', price: 10, granularity }],
        extras: noExtras,
      }).options,
      'hourly',
    );

  it('bills every started hour ("不满一小时按一小时算")', () => {
    const bill = job('hour', 2.2);
    expect(bill.total).toBe(30);
    expect(bill.lines.find((l) => l.item === 'granularity')?.amount).toBe(8);
  });

  it('bills per minute and per second', () => {
    expect(job('minute', 10.5 / 60).total).toBe(1.83); // 11 min × ¥10/60
    expect(job('second', 10.5 / 60).total).toBe(1.75);
  });
});

describe('spot options', () => {
  const offers = [{ ...a100, id: 'od', billing: 'hourly' as const, price: 20 }];

  it('includes a user-supplied spot price, marked as such', () => {
    const plan = planJob({ computeHours: 10, offers, spot: { userPriceFraction: 0.3 } });
    const spot = option(plan.options, 'spot');
    expect(spot.userSupplied).toBe(true);
    expect(spot.offerId).toBeNull();
    expect(spot.lines.find((l) => l.item === 'compute')?.amount).toBe(60); // 10 h × ¥6
    expect(option(plan.options, 'mixed').userSupplied).toBe(true);
  });

  it('has no spot option without a spot offer or a user price, but still reports the spot numbers', () => {
    const plan = planJob({ computeHours: 10, offers });
    expect(plan.options.map((o) => o.billing)).toEqual(['hourly']);
    expect(plan.spot.interruptionsPerHour).toBe(0.07);
    // Said in words: the rate comes from one practitioner's report, not from a file of notes.
    expect(plan.spot.interruptionRateSource).toEqual(msg('plan.source.interruptions'));
  });

  it('prefers the provider’s spot offer over a user price', () => {
    const plan = planJob({
      computeHours: 10,
      offers: [...offers, { ...a100, id: 'sp', billing: 'spot', price: 16, gpusPerPrice: 4 }],
      gpuCount: 2,
      spot: { userPricePerHour: 1 },
    });
    const spot = option(plan.options, 'spot');
    expect(spot.offerId).toBe('sp');
    expect(spot.lines.find((l) => l.item === 'compute')?.amount).toBe(80); // 10 h × (¥16 / 4 GPUs × 2)
    expect(plan.assumptions.map(english).join(' ')).toContain('user-supplied spot price was not used');
  });
});

describe('bad input names the field', () => {
  const field = (raw: unknown): string => {
    try {
      planJob(raw as PlanInputRaw);
    } catch (error) {
      if (error instanceof InputError) return error.field;
      throw error;
    }
    throw new Error('no error');
  };

  it.each([
    [{ computeHours: -1, offers: [{ ...a100, id: 'a', billing: 'hourly', price: 1 }] }, 'computeHours'],
    [{ computeHours: 1, offers: [] }, 'offers'],
    [
      {
        computeHours: 1,
        offers: [
          { ...a100, id: 'a', billing: 'hourly', price: 1 },
          { ...a100, id: 'b', billing: 'spot', price: 1, currency: 'USD' },
        ],
      },
      'offers.1.currency',
    ],
    [
      { computeHours: 1, offers: [{ ...a100, id: 'a', billing: 'hourly', price: 1 }], spot: { restartMinutes: -5 } },
      'spot.restartMinutes',
    ],
    [
      {
        computeHours: 1,
        offers: [{ ...a100, id: 'a', billing: 'hourly', price: 1 }],
        spot: { checkpointIntervalMinutes: 0.5 },
      },
      'spot.checkpointIntervalMinutes',
    ],
    [
      { computeHours: 1, offers: [{ ...a100, id: 'a', billing: 'spot', price: 1 }], spot: { userPriceFraction: 0.2 } },
      'spot.userPriceFraction',
    ],
    [
      { computeHours: 1, offers: [{ ...a100, id: 'a', billing: 'hourly', price: 1 }], extras: { egressGB: -1 } },
      'extras.egressGB',
    ],
  ])('%#', (raw, expected) => {
    expect(field(raw)).toBe(expected);
  });
});
