import { describe, expect, it } from 'vitest';
import type { Card } from '../../src-main/domain/catalog';
import { GIB } from '../../src-main/domain/estimate/units';
import { cudaTotalBytes } from '../../src-main/domain/serve/serve-constants';
import { readDataFile } from '../data-files';
import { readServingMeasurements } from '../serving/files';
import { scoreServing } from './serving';

const records = readServingMeasurements();
/** The threads serve-constants.ts read the CUDA-visible share from. */
const shareSources = ['gateway-api-inference-extension/issues/550', 'vllm/issues/15340'];
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

  it("takes CUDA's total as the rows print it, from logs that are not among the rows", () => {
    // serve-constants.ts reads the visible share from kubernetes-sigs/gateway-api-inference-extension#550 (HBM) and
    // vllm-project/vllm#15340 (GDDR); neither thread is a row here, so these totals check it on other logs.
    const cards = new Map(
      [...readDataFile<Card[]>('cards.json'), ...readDataFile<Card[]>('reference-cards.json')].map((c) => [c.id, c]),
    );
    for (const s of shareSources)
      expect(
        records.some((r) => r.source.url.includes(s)),
        s,
      ).toBe(false);
    const printed = records.filter((r) => r.gpu.total_memory_gib !== null);
    expect(printed.length).toBeGreaterThanOrEqual(10);
    for (const r of printed) {
      const total = cudaTotalBytes(cards.get(r.gpu.card) as Card) / GIB;
      // Within 0.5%: the printed totals are given to 0.01 GiB and differ by the driver's reserve between versions.
      expect(Math.abs(total / (r.gpu.total_memory_gib as number) - 1), r.id).toBeLessThan(0.005);
    }
  });
});
