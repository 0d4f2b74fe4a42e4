import { describe, expect, it } from 'vitest';
import type { InferenceSpeed, TrainingSpeed } from './speed';
import { speedInterval, tokenBandOf, TOKEN_BANDS, type SpeedSpread } from './speed-interval';
import { SPEED_SPREAD } from './speed-spread';

const figures = (p10: number, p90: number, rows = 30, sources = 4) => ({ p10, p90, rows, sources });
const spread: SpeedSpread = {
  train: { pooled: figures(-0.2, 0.2, 100, 8), byBand: { under1k: figures(-0.25, 0.35, 40, 5) } },
  decode: { pooled: figures(-0.2, 0.3, 200, 10), byKind: { eager: figures(-0.2, 0.5) } },
  prefill: figures(-0.6, 2, 120, 4),
};
const train = (tokensPerSecond: number) => ({ kind: 'train', tokensPerSecond }) as TrainingSpeed;
const decode = (decodeTokensPerSecond: number, prefillTokensPerSecond = 1000) =>
  ({ kind: 'inference', decodeTokensPerSecond, prefillTokensPerSecond }) as InferenceSpeed;
const input = (batchSize: number, seqLen: number, inferenceRuntime: 'eager' | 'llama.cpp' = 'llama.cpp') => ({
  batchSize,
  seqLen,
  inferenceRuntime,
});

describe('speedInterval', () => {
  it('puts a micro-batch in the band of `npm run accuracy`, by batch × sequence length', () => {
    expect(tokenBandOf(1023)).toBe('under1k');
    expect(tokenBandOf(1024)).toBe('1kTo4k');
    expect(tokenBandOf(4096)).toBe('4kTo16k');
    expect(tokenBandOf(16383)).toBe('4kTo16k');
    expect(tokenBandOf(16384)).toBe('over16k');
    expect(tokenBandOf(1e9)).toBe('over16k');
  });

  it('inverts the held-out errors of its band: measured = estimate ÷ (1 + error)', () => {
    const i = speedInterval(train(1000), input(1, 512), spread);
    expect(i.lowTokensPerSecond).toBeCloseTo(1000 / 1.35, 6);
    expect(i.highTokensPerSecond).toBeCloseTo(1000 / 0.75, 6);
    expect(i).toMatchObject({ group: { band: 'under1k' }, rows: 40, sources: 5 });
  });

  it('takes the pooled spread, and names no group, for a band without enough held-out rows', () => {
    const i = speedInterval(train(1000), input(4, 2048), spread);
    expect(i.lowTokensPerSecond).toBeCloseTo(1000 / 1.2, 6);
    expect(i.highTokensPerSecond).toBeCloseTo(1000 / 0.8, 6);
    expect(i.group).toBeUndefined();
    expect(i.rows).toBe(100);
  });

  it('reads a decode by how it is run: eager HF generate, or an engine', () => {
    expect(speedInterval(decode(50), input(1, 512, 'eager'), spread)).toMatchObject({ group: { decode: 'eager' } });
    const engine = speedInterval(decode(50), input(1, 512), spread);
    expect(engine.group).toBeUndefined();
    expect(engine.highTokensPerSecond).toBeCloseTo(50 / 0.8, 6);
  });

  it('gives an inference estimate its prompt processing range too, from the prefill rows, and training none', () => {
    const i = speedInterval(decode(50, 3000), input(1, 512), spread);
    expect(i.prefill!.lowTokensPerSecond).toBeCloseTo(3000 / 3, 6);
    expect(i.prefill!.highTokensPerSecond).toBeCloseTo(3000 / 0.4, 6);
    expect(i.prefill).toMatchObject({ rows: 120, sources: 4 });
    expect(speedInterval(train(1000), input(1, 512), spread).prefill).toBeUndefined();
  });

  it('always holds the estimate, and the shipped spread has every band and kind on held-out rows of several sources', () => {
    for (const { band, min } of TOKEN_BANDS) {
      const i = speedInterval(train(2000), input(1, Math.max(1, min)));
      expect(i.group).toEqual({ band });
      expect(i.lowTokensPerSecond).toBeLessThanOrEqual(2000);
      expect(i.highTokensPerSecond).toBeGreaterThanOrEqual(2000);
      expect(i.sources).toBeGreaterThanOrEqual(2);
    }
    for (const runtime of ['eager', 'llama.cpp'] as const) {
      const i = speedInterval(decode(40), input(1, 512, runtime));
      expect(i.group).toEqual({ decode: runtime === 'eager' ? 'eager' : 'engine' });
      expect(i.lowTokensPerSecond).toBeLessThanOrEqual(40);
      expect(i.highTokensPerSecond).toBeGreaterThanOrEqual(40);
    }
    expect(SPEED_SPREAD.train.pooled.rows).toBeGreaterThan(100);
  });
});
