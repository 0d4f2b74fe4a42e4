import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, roundBill, toMinorUnits } from './money';

describe('money', () => {
  it('rounds half away from zero without float surprises', () => {
    expect(toMinorUnits(1.005, 'CNY')).toBe(101); // 1.005 * 100 = 100.49999999999999 in floats
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(2.675, 'CNY')).toBe(268);
    expect(fromMinorUnits(toMinorUnits(4.444, 'CNY'), 'CNY')).toBe(4.44);
  });

  it('never returns a negative or non-finite amount', () => {
    expect(toMinorUnits(-3, 'CNY')).toBe(0);
    expect(toMinorUnits(Number.NaN, 'CNY')).toBe(0);
    expect(toMinorUnits(Number.POSITIVE_INFINITY, 'CNY')).toBe(0);
  });

  it('makes the total exactly the sum of the rounded lines', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { maxLength: 12 }), (amounts) => {
        const bill = roundBill(
          amounts.map((amount) => ({ amount })),
          'CNY',
        );
        const linesMinor = bill.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
        expect(Math.round(bill.total * 100)).toBe(linesMinor);
        const exact = amounts.reduce((sum, amount) => sum + amount, 0);
        expect(Math.abs(bill.total - exact)).toBeLessThanOrEqual(0.005 * amounts.length + 1e-6);
      }),
    );
  });
});
