import { describe, expect, it } from 'vitest';
import { splitTokenFragment } from './token-fragment';

describe('splitTokenFragment', () => {
  it('takes the token and keeps the page route that follows it', () => {
    expect(splitTokenFragment('#token=abc-DEF_123')).toEqual({ token: 'abc-DEF_123', rest: '' });
    expect(splitTokenFragment('#token=abc#/runs')).toEqual({ token: 'abc', rest: '#/runs' });
    expect(splitTokenFragment('#token=abc#/plan?card=rtx-4090')).toEqual({
      token: 'abc',
      rest: '#/plan?card=rtx-4090',
    });
  });

  it('ignores a hash without a token, an empty token or one with other characters', () => {
    for (const hash of ['', '#/runs', '#token=', '#token=a b', '#Token=abc', '#/runs#token=abc', '#token=abc&x=1']) {
      expect(splitTokenFragment(hash), hash).toBeNull();
    }
  });
});
