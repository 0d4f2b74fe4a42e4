import { describe, expect, it } from 'vitest';
import { fitVerdict } from './verdict';

const GiB = 1024 ** 3;

describe('fitVerdict', () => {
  it('trusts the estimator for "does not fit"', () => {
    expect(fitVerdict(false, 30 * GiB, 24 * GiB, 0.1)).toBe('no');
  });
  it('is tight when less than twice the headroom is left', () => {
    // 24 GiB card, 10% headroom = 2.4 GiB; tight below 4.8 GiB spare.
    expect(fitVerdict(true, 20 * GiB, 24 * GiB, 0.1)).toBe('tight');
    expect(fitVerdict(true, 19 * GiB, 24 * GiB, 0.1)).toBe('fits');
  });
  it('is never tight with no headroom asked for', () => {
    expect(fitVerdict(true, 23.9 * GiB, 24 * GiB, 0)).toBe('fits');
  });
});
