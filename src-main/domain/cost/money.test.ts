import { describe, expect, it } from 'vitest';
import { cleanUnitPrice, formatMoney, roundDecimal, roundMoney } from './money';

describe('money rounding', () => {
  it('rounds half away from zero without binary drift', () => {
    expect(roundDecimal(0.275, 2)).toBe(0.28);
    expect(roundDecimal(1.005, 2)).toBe(1.01); // 1.005 is 1.00499999999999989… in binary
    expect(roundDecimal(2.675, 2)).toBe(2.68);
    expect(roundDecimal(-1.005, 2)).toBe(-1.01);
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
