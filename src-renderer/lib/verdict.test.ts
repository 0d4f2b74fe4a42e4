import { describe, expect, it } from 'vitest';
import { memoryInterval } from '../../src-main/domain/estimate/memory-interval';
import { fitVerdict, verdictFor } from './verdict';

const GiB = 1024 ** 3;

describe('fitVerdict', () => {
  it('trusts the estimator for "does not fit"', () => {
    expect(fitVerdict(false, 24 * GiB, { highBytes: 20 * GiB })).toBe('no');
  });
  it('is tight when the card’s memory falls inside the interval of the likely peak', () => {
    expect(fitVerdict(true, 24 * GiB, { highBytes: 24.5 * GiB })).toBe('tight');
    expect(fitVerdict(true, 24 * GiB, { highBytes: 23.5 * GiB })).toBe('fits');
  });
  it('reads the interval of the method’s held-out spread around the need', () => {
    const need = 20 * GiB;
    const { highBytes } = memoryInterval(need, 'lora');
    expect(highBytes).toBeGreaterThan(need);
    expect(verdictFor(true, need, highBytes * 0.99, 'lora')).toBe('tight');
    expect(verdictFor(true, need, highBytes * 1.01, 'lora')).toBe('fits');
  });
});
