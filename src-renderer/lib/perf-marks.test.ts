import { describe, expect, it } from 'vitest';
import { paintTracker } from './perf-marks';

describe('paintTracker', () => {
  it('closes an input-to-paint when a region leaves ready after the input and comes back', () => {
    const t = paintTracker();
    expect(t.input()).toBe('mark-input');
    expect(t.state('computing', false)).toBe('none');
    expect(t.state('ready', false)).toBe('mark-painted');
    // Already closed: a later ready without a new input measures nothing.
    expect(t.state('computing', false)).toBe('none');
    expect(t.state('ready', false)).toBe('none');
  });

  it('measures nothing for an input that changed no result, and restarts from the latest input', () => {
    const t = paintTracker();
    t.input();
    expect(t.state('ready', false)).toBe('none');
    t.input();
    t.state('loading', false);
    t.input();
    t.state('loading', false);
    expect(t.state('ready', false)).toBe('mark-painted');
  });

  it("an input while a region is still working ends at that region's next ready (it never leaves ready again)", () => {
    const t = paintTracker();
    t.input();
    t.state('computing', false);
    expect(t.input(true)).toBe('mark-input');
    expect(t.state('ready', false)).toBe('mark-painted');
    // Without being told it is busy, that ready would have closed nothing and the bench waited forever.
    const unaware = paintTracker();
    unaware.input();
    unaware.state('computing', false);
    unaware.input();
    expect(unaware.state('ready', false)).toBe('none');
  });

  it('marks the first meaningful paint once, when the main region is first ready', () => {
    const t = paintTracker();
    expect(t.state('loading', true)).toBe('none');
    expect(t.state('ready', true)).toBe('mark-first-ready');
    expect(t.state('ready', true)).toBe('none');
  });
});
