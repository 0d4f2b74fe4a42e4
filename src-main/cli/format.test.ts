import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it('shows money with two decimals from one cent up', () => {
    expect(formatPrice(4.287, 'CNY')).toBe('4.29 CNY');
    expect(formatPrice(0.5487, 'CNY')).toBe('0.55 CNY');
    expect(formatPrice(1234.5, 'USD')).toBe('1,234.50 USD');
    expect(formatPrice(0, 'USD')).toBe('0.00 USD');
  });

  it('keeps two significant digits under one cent, at most six decimals', () => {
    expect(formatPrice(0.004287, 'CNY')).toBe('0.0043 CNY');
    expect(formatPrice(0.00098, 'USD')).toBe('0.00098 USD');
    expect(formatPrice(0.0000001, 'USD')).toBe('0.000000 USD');
  });
});
