import { describe, expect, it } from 'vitest';
import { latencyAt, maxRateMeeting, requestCapacityPerSecond } from './queueing';
import type { StepModel } from './throughput';

/** A server whose decode step takes 10 ms + 0.1 ms per sequence and whose prefill runs at 10,000 tokens/s. */
const linear: StepModel = {
  stepSeconds: (batch) => 0.01 + 0.0001 * Math.max(1, Math.ceil(batch)),
  prefillTokensPerSecond: 10_000,
  bound: () => 'memory',
  link: null,
};
const traffic = { promptTokens: 1000, outputTokens: 100 };

describe('continuous batching under Poisson arrivals (hand-computed)', () => {
  it('2 requests/s: ρ = 0.2, B = 2.575 in flight, ITL 12.875 ms, TTFT 125.375 ms', () => {
    // S = 1000 / 10,000 = 0.1 s of prefill per request; ρ = 2 × 0.1 = 0.2.
    // B = λ·output·ITL = 200 × step(⌈B⌉) / 0.8; with ⌈B⌉ = 3, step = 10.3 ms, ITL = 12.875 ms, B = 2.575.
    // TTFT = M/D/1 wait ρS / (2(1 − ρ)) = 0.02 / 1.6 = 12.5 ms, + the 100 ms prefill + one 12.875 ms step.
    const l = latencyAt(linear, { ...traffic, requestsPerSecond: 2 }, 64);
    expect(l.stable).toBe(true);
    expect(l.batch).toBeCloseTo(2.575, 9);
    expect(l.itlMs).toBeCloseTo(12.875, 9);
    expect(l.ttftMs).toBeCloseTo(125.375, 9);
  });

  it('prefills that take the whole GPU leave no time to decode: unstable', () => {
    // ρ = 10 × 0.1 = 1.
    const l = latencyAt(linear, { ...traffic, requestsPerSecond: 10 }, 64);
    expect(l.stable).toBe(false);
  });

  it('capacity: 1 / (prefill 0.1 s + 100 × step(64) / 64) = 1 / 0.125625 = 7.96 requests/s', () => {
    expect(requestCapacityPerSecond(linear, traffic, 64)).toBeCloseTo(1 / (0.1 + (100 * 0.0164) / 64), 12);
  });

  it('just above capacity the batch outgrows its slots and the queue grows', () => {
    const capacity = requestCapacityPerSecond(linear, traffic, 64);
    expect(latencyAt(linear, { ...traffic, requestsPerSecond: capacity * 0.98 }, 64).stable).toBe(true);
    expect(latencyAt(linear, { ...traffic, requestsPerSecond: capacity * 1.02 }, 64).stable).toBe(false);
  });

  it('the highest rate meeting TTFT 200 ms and ITL 20 ms meets both, and 1% more misses one', () => {
    const targets = { ttftTargetMs: 200, itlTargetMs: 20 };
    const rate = maxRateMeeting(linear, traffic, 64, targets);
    expect(rate).toBeGreaterThan(0);
    const at = latencyAt(linear, { ...traffic, requestsPerSecond: rate }, 64);
    expect(at.ttftMs).toBeLessThanOrEqual(200);
    expect(at.itlMs).toBeLessThanOrEqual(20);
    const above = latencyAt(linear, { ...traffic, requestsPerSecond: rate * 1.01 }, 64);
    expect(above.stable && above.ttftMs <= 200 && above.itlMs <= 20).toBe(false);
  });

  it('a target no rate can meet (ITL below one step) gives 0', () => {
    expect(maxRateMeeting(linear, traffic, 64, { ttftTargetMs: 10_000, itlTargetMs: 5 })).toBe(0);
  });
});
