import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../messages';
import { MAX_FACTOR, median, servingCalibration, servingFactor, type ServingCalibrationRun } from './serving';

function run(measured: number | null, predicted: number | null, extra: Partial<ServingCalibrationRun> = {}) {
  return {
    origin: 'mine',
    outcome: 'ok',
    measuredOutputTokensPerSecond: measured,
    measuredKvPoolTokens: null,
    predicted: { outputTokensPerSecond: predicted, kvPoolTokens: null },
    ...extra,
  } satisfies ServingCalibrationRun;
}

describe('servingFactor: the shrunk, bounded median of log ratios', () => {
  it('one run at 1.21× the prediction moves the factor a third of the way in log space', () => {
    // ln 1.21 = 0.19062; n = 1, prior 2 runs: 0.19062 × 1 ÷ 3 = 0.063540; e^0.063540 = 1.06560.
    expect(servingFactor([{ measured: 1210, predicted: 1000 }]).factor).toBeCloseTo(1.0656, 4);
  });

  it('an outlier does not move the median: ratios 0.8, 0.9, 5 give the median 0.9, shrunk by 3 ÷ 5', () => {
    // ln 0.9 = −0.105361; × 3 ÷ (3 + 2) = −0.063216; e^−0.063216 = 0.93874.
    const pairs = [0.8, 0.9, 5].map((ratio) => ({ measured: ratio * 1000, predicted: 1000 }));
    expect(servingFactor(pairs)).toEqual({ factor: expect.closeTo(0.93874, 4), runs: 3 });
  });

  it('is bounded at 2× either way, and 1 with no usable pair', () => {
    const far = Array.from({ length: 50 }, () => ({ measured: 10_000, predicted: 1000 }));
    expect(servingFactor(far).factor).toBeCloseTo(MAX_FACTOR, 9);
    expect(servingFactor(far.map((p) => ({ measured: p.predicted, predicted: p.measured }))).factor).toBeCloseTo(
      0.5,
      9,
    );
    expect(
      servingFactor([
        { measured: null, predicted: 1000 },
        { measured: 0, predicted: 5 },
      ]),
    ).toEqual({
      factor: 1,
      runs: 0,
    });
  });

  it('median of an even count is the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('never leaves [1/2, 2], and never moves away from 1 past the median log ratio (property)', () => {
    const ratio = fc.double({ min: 1e-3, max: 1e3, noNaN: true });
    fc.assert(
      fc.property(fc.array(ratio, { minLength: 1, maxLength: 30 }), (ratios) => {
        const { factor } = servingFactor(ratios.map((r) => ({ measured: r * 100, predicted: 100 })));
        const m = median(ratios.map(Math.log));
        expect(factor).toBeGreaterThanOrEqual(1 / MAX_FACTOR - 1e-12);
        expect(factor).toBeLessThanOrEqual(MAX_FACTOR + 1e-12);
        expect(Math.abs(Math.log(factor))).toBeLessThanOrEqual(Math.abs(m) + 1e-9);
      }),
    );
  });
});

describe('servingCalibration', () => {
  it('fits speed from runs that ran at speed and the KV pool from any run that printed one', () => {
    const runs: ServingCalibrationRun[] = [
      run(900, 1000),
      run(null, 1000, {
        outcome: 'crashed',
        measuredKvPoolTokens: 81_000,
        predicted: { outputTokensPerSecond: 1000, kvPoolTokens: 90_000 },
      }),
      run(5000, 1000, { outcome: 'oom', origin: 'published' }),
    ];
    const calibration = servingCalibration(runs);
    // Speed: only the ok run, ln 0.9 ÷ 3 → 0.96549; KV: ln(81000/90000) = ln 0.9 ÷ 3 → 0.96549.
    expect(calibration.speed).toEqual({ factor: expect.closeTo(0.96549, 4), runs: 1 });
    expect(calibration.kvPool).toEqual({ factor: expect.closeTo(0.96549, 4), runs: 1 });
    expect(calibration).toMatchObject({ runs: 2, mine: 2, published: 0 });
    expect(english(calibration.basis!)).toBe('calibrated on 2 serving runs: decode speed × 0.965, KV pool × 0.965');
  });

  it('says nothing with no run that applies', () => {
    expect(servingCalibration([run(null, null)])).toMatchObject({ runs: 0, basis: null, speed: { factor: 1 } });
  });
});
