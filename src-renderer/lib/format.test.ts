import { describe, expect, it } from 'vitest';
import { GIB, formatGiB, formatParams, formatPercent, formatPrice, shortenSource } from './format';

describe('formatGiB', () => {
  it('shows GiB (2^30 bytes) with one decimal', () => {
    expect(formatGiB(24 * GIB)).toBe('24.0 GiB');
    expect(formatGiB(15.96 * GIB)).toBe('16.0 GiB');
    // 24 GB (10^9) is 22.4 GiB: the difference users trip over.
    expect(formatGiB(24e9)).toBe('22.4 GiB');
  });
});

describe('formatPrice', () => {
  it('uses the currency symbol', () => {
    expect(formatPrice(1.98, 'CNY')).toBe('¥1.98');
    expect(formatPrice(2, 'USD')).toBe('$2.00');
  });
  it('keeps a third decimal below one unit and separates thousands', () => {
    expect(formatPrice(0.345, 'USD')).toBe('$0.345');
    expect(formatPrice(0.4, 'USD')).toBe('$0.40');
    expect(formatPrice(12345.678, 'CNY')).toBe('¥12,345.68');
  });
});

describe('formatParams', () => {
  it('writes sizes the way model names do', () => {
    expect(formatParams(8.03e9)).toBe('8.03B');
    expect(formatParams(70.6e9)).toBe('70.6B');
    expect(formatParams(3.5e8)).toBe('350M');
    expect(formatParams(999)).toBe('999');
  });
});

describe('formatPercent', () => {
  it('rounds to whole percent', () => {
    expect(formatPercent(0.1)).toBe('10%');
    expect(formatPercent(0.005)).toBe('0.5%');
  });
});

describe('shortenSource', () => {
  it('drops the scheme of a URL and cuts long text', () => {
    expect(shortenSource('https://www.autodl.com/home')).toBe('autodl.com/home');
    expect(shortenSource('a'.repeat(40), 10)).toBe('aaaaaaaaa…');
    expect(shortenSource('vendor datasheet')).toBe('vendor datasheet');
  });
  it('shows the link a note cites, not the note', () => {
    const note = 'AutoDL list price in the block of the AutoDL home page https://www.autodl.com/home, read from a copy';
    expect(shortenSource(note)).toBe('autodl.com/home');
    expect(shortenSource('Cheapest seller (https://huggingface.co/datasets/x/y).', 24)).toBe(
      'huggingface.co/datasets…',
    );
  });
});
