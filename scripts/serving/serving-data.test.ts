import { describe, expect, it } from 'vitest';
import type { Card, ModelPreset } from '../../src-main/domain/catalog';
import { readDataFile } from '../data-files';
import { readServingMeasurements } from './files';
import type { ServingRecord } from './record';

const records = readServingMeasurements();
const presets = readDataFile<ModelPreset[]>('models.json');
const shapes = readDataFile<Array<{ id: string }>>('measurements/models.json');
const cards = new Map(
  [...readDataFile<Card[]>('cards.json'), ...readDataFile<Card[]>('reference-cards.json')].map((c) => [c.id, c]),
);

/** Every number the text of `lines` prints, thousands separators removed ("476,016" -> 476016, "-0.45" -> -0.45). */
function printedNumbers(lines: string[]): number[] {
  const text = lines.join('\n').replace(/(\d),(?=\d{3}\b)/g, '$1');
  return [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

/** The measured numbers of a record: what the source printed, as the structured fields hold them. */
function measuredNumbers(r: ServingRecord): number[] {
  const values =
    r.kind === 'kv_pool'
      ? [
          r.kv.tokens,
          r.kv.blocks,
          r.kv.gib_per_gpu,
          r.kv.max_concurrency,
          r.kv.weights_gib,
          r.kv.activation_gib,
          r.kv.non_torch_gib,
          r.kv.cuda_graph_gib,
          ...(r.kv.kv_buffer_mib_per_gpu ?? []),
          ...(r.kv.compute_buffer_mib_per_gpu ?? []),
          ...(r.kv.model_buffer_mib_per_gpu ?? []),
        ]
      : [
          r.load.output_tokens_per_s,
          r.load.total_tokens_per_s,
          r.load.requests_per_s,
          r.load.mean_ttft_ms,
          r.load.median_ttft_ms,
          r.load.mean_tpot_ms,
          r.load.mean_itl_ms,
          r.load.duration_s,
          r.load.generated_tokens,
        ];
  return values.filter((v): v is number => v !== null);
}

const sourcesOf = (kind: ServingRecord['kind']) =>
  new Set(records.filter((r) => r.kind === kind).map((r) => r.source.label));

describe('data/measurements/serving.json: published serving measurements', () => {
  it('parses against the schema, one record per id', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
  });

  it('names a model the estimator resolves (data/models.json or data/measurements/models.json) and a known card', () => {
    const modelIds = new Set([...presets.map((p) => p.id), ...shapes.map((s) => s.id)]);
    for (const r of records) {
      expect(modelIds.has(r.model.id), `${r.id}: model ${r.model.id}`).toBe(true);
      expect(cards.has(r.gpu.card), `${r.id}: card ${r.gpu.card}`).toBe(true);
    }
  });

  it('copies every measured number from its reported lines (no number of the record is absent from the source text)', () => {
    for (const r of records) {
      const printed = printedNumbers(r.reported);
      for (const v of measuredNumbers(r)) expect(printed, `${r.id}: ${v}`).toContain(v);
    }
  });

  it('has a measurement on each row and a parallel layout the GPU count can hold', () => {
    for (const r of records) {
      expect(r.setup.tensor_parallel * r.setup.pipeline_parallel, r.id).toBeLessThanOrEqual(r.gpu.count);
      if (r.kind === 'kv_pool')
        expect(
          [r.kv.tokens, r.kv.blocks, r.kv.gib_per_gpu, r.kv.kv_buffer_mib_per_gpu].some((v) => v !== null),
          r.id,
        ).toBe(true);
      else
        expect(
          [r.load.output_tokens_per_s, r.load.total_tokens_per_s, r.load.requests_per_s].some((v) => v !== null),
          r.id,
        ).toBe(true);
      if (r.kind === 'kv_pool' && r.kv.kv_buffer_mib_per_gpu !== null)
        expect(r.kv.kv_buffer_mib_per_gpu.length, r.id).toBe(r.gpu.count);
    }
  });

  it('keeps the KV pool and the weights of each GPU within the memory of its card', () => {
    for (const r of records) {
      if (r.kind !== 'kv_pool') continue;
      const memoryGiB = (cards.get(r.gpu.card) as Card).memoryGiB;
      const perGpuGiB = (r.kv.gib_per_gpu ?? 0) + (r.kv.weights_gib ?? 0);
      expect(perGpuGiB, r.id).toBeLessThan(memoryGiB);
      if (r.setup.gpu_memory_utilization !== null && r.kv.gib_per_gpu !== null)
        expect(r.kv.gib_per_gpu, r.id).toBeLessThan(r.setup.gpu_memory_utilization * memoryGiB);
    }
  });

  it('covers at least 30 KV-pool rows from 8 sources and 15 throughput rows from 4 sources', () => {
    expect(records.filter((r) => r.kind === 'kv_pool').length).toBeGreaterThanOrEqual(30);
    expect(sourcesOf('kv_pool').size).toBeGreaterThanOrEqual(8);
    expect(records.filter((r) => r.kind === 'throughput').length).toBeGreaterThanOrEqual(15);
    expect(sourcesOf('throughput').size).toBeGreaterThanOrEqual(4);
  });
});
