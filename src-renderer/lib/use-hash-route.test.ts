import { describe, expect, it } from 'vitest';
import { routeOf } from './use-hash-route';

describe('routeOf', () => {
  it('reads the page id from a route, with or without the launch token before it', () => {
    expect(routeOf('#/runs', 'estimate')).toBe('runs');
    expect(routeOf('#/compare?model=llama-2-13b', 'estimate')).toBe('compare');
    expect(routeOf('#token=abc_DEF-123#/catalog', 'estimate')).toBe('catalog');
  });

  it('falls back to the default page when the hash names none', () => {
    expect(routeOf('', 'estimate')).toBe('estimate');
    expect(routeOf('#token=abc', 'estimate')).toBe('estimate');
    expect(routeOf('#/', 'estimate')).toBe('estimate');
  });
});
