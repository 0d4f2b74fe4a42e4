import { describe, expect, it } from 'vitest';
import { liveState } from './queries';

describe('liveState', () => {
  const asked = { asking: true, fresh: false, failed: false };

  it('keeps the answer on screen undimmed while the next one is on its way, until it is slow', () => {
    expect(liveState({ ...asked, slow: false })).toEqual({ settled: false, stale: false });
    expect(liveState({ ...asked, slow: true })).toEqual({ settled: false, stale: true });
  });

  it('is settled and fresh once the answer to the current input is in, however long it took', () => {
    expect(liveState({ ...asked, fresh: true, slow: false })).toEqual({ settled: true, stale: false });
    expect(liveState({ ...asked, fresh: true, slow: true })).toEqual({ settled: true, stale: false });
  });

  it('marks the old answer stale at once when the input cannot be sent or its answer failed', () => {
    expect(liveState({ asking: false, fresh: false, failed: false, slow: false })).toEqual({
      settled: true,
      stale: true,
    });
    expect(liveState({ ...asked, failed: true, slow: false })).toEqual({ settled: true, stale: true });
  });
});
