import { describe, expect, it } from 'vitest';
import { readServingMeasurements } from '../serving/files';
import { scoreServing } from './serving';

const records = readServingMeasurements();
const { scored, skipped } = scoreServing();

describe('serving accuracy harness (scripts/accuracy/serving.ts)', () => {
  it('scores every serving row or says why it cannot, never both', () => {
    const scoredIds = new Set(scored.map((s) => s.record.id));
    const skippedIds = new Set(skipped.map((s) => s.id));
    for (const r of records) expect(scoredIds.has(r.id) !== skippedIds.has(r.id), r.id).toBe(true);
    for (const s of skipped) expect(s.why.length, s.id).toBeGreaterThan(0);
  });

  it('compares each estimate with the number the row measured, one score per row and quantity', () => {
    expect(new Set(scored.map((s) => s.key)).size).toBe(scored.length);
    for (const s of scored) {
      expect(Number.isFinite(s.estimate) && s.estimate >= 0, s.key).toBe(true);
      expect(s.error).toBeCloseTo(s.estimate / s.measured - 1, 12);
      const r = s.record;
      if (s.quantity === 'kv-pool' && r.kind === 'kv_pool') expect([r.kv.tokens, r.kv.blocks]).toContain(s.measured);
      if (s.quantity === 'output-tps' && r.kind === 'throughput') expect(s.measured).toBe(r.load.output_tokens_per_s);
    }
  });

  it('sets apart the throughput rows whose repository gave a decode row to the speed fit, and only those', () => {
    const flagged = new Set(scored.filter((s) => s.inSpeedFit).map((s) => s.record.source.url.split('/')[4]));
    // dennislee22/vLLM-benchmarking has a single-request decode row in data/reference-runs.json (a fold of FOLDS).
    expect(flagged).toEqual(new Set(['vLLM-benchmarking']));
    for (const s of scored) if (s.record.kind === 'kv_pool') expect(s.inSpeedFit, s.key).toBe(false);
  });
});
