import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanUnitPrice, formatMoney, roundDecimal, roundMoney } from './money';

describe('money rounding', () => {
  it('rounds half away from zero without binary drift', () => {
    expect(roundDecimal(0.275, 2)).toBe(0.28);
    expect(roundDecimal(1.005, 2)).toBe(1.01); // 1.005 is 1.00499999999999989… in binary
    expect(roundDecimal(2.675, 2)).toBe(2.68);
    expect(roundDecimal(-1.005, 2)).toBe(-1.01);
  });

  it('rounds every number as cutting it to 12 significant digits first does (the fast path is the same function)', () => {
    const reference = (value: number, digits: number) => {
      const scale = 10 ** digits;
      return (Math.sign(value) * Math.round(Number((Math.abs(value) * scale).toPrecision(12)))) / scale;
    };
    // Any double, and numbers a hair from a half at the digit rounded to, where the cut decides.
    const anyNumber = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });
    const nearHalf = fc
      .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -50, max: 50 }))
      .map(([whole, ulps]) => (whole + 0.5) * (1 + ulps * Number.EPSILON));
    fc.assert(
      fc.property(fc.oneof(anyNumber, nearHalf), fc.integer({ min: 0, max: 6 }), (value, digits) => {
        const scaledBack = value / 10 ** digits;
        expect(roundDecimal(value, digits)).toBe(reference(value, digits));
        expect(roundDecimal(scaledBack, digits)).toBe(reference(scaledBack, digits));
      }),
      { numRuns: 20_000 },
    );
  });

  it('sums of cents stay exact at the edge: 0.1 + 0.2 → 0.3', () => {
    expect(roundMoney(0.1 + 0.2, 'CNY')).toBe(0.3);
    expect(cleanUnitPrice(0.1 + 0.2)).toBe(0.3);
  });

  it('never returns a negative cost', () => {
    expect(roundMoney(-3, 'USD')).toBe(0);
  });

  it('formats with the currency symbol and two decimals', () => {
    expect(formatMoney(0.275, 'CNY')).toBe('¥0.28');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  });
});
