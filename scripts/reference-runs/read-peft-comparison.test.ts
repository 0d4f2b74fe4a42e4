import { describe, expect, it } from 'vitest';
import { readDataFile, readReferenceRuns } from '../data-files';
import type { MeasurementRecord } from './record';

const isPeftComparison = (r: { id: string }) => r.id.startsWith('peft-mc-');

describe("PEFT's method comparison on one L40S", () => {
  const records = readDataFile<MeasurementRecord[]>('measurements/public.json').filter(isPeftComparison);

  it('holds four LoRA rows and one full fine-tuning row, each citing its own results file at one commit', () => {
    expect(records.filter((r) => r.task === 'lora')).toHaveLength(4);
    expect(records.filter((r) => r.task === 'full')).toHaveLength(1);
    for (const rec of records) {
      expect(rec.source_url).toBe(`https://github.com/huggingface/peft/blob/${rec.source_commit}/${rec.source_path}`);
      expect(rec.source_path).toMatch(/^method_comparison\/MetaMathQA\/results\/[^/]+\.json$/);
      // The rate printed per log lies within the spread of the logs it was averaged from.
      const logs = (rec.throughput_reported ?? '').split(';').map((t) => Number.parseFloat(t));
      expect(logs).toHaveLength(20);
      expect(rec.throughput_value).toBeGreaterThanOrEqual(Math.min(...logs) - 1);
      expect(rec.throughput_value).toBeLessThanOrEqual(Math.max(...logs) + 1);
    }
  });

  it('is read as bf16 on one L40S, batch 4 of the mean sample, no accumulation, fp32 adapters, memory not scored', () => {
    const runs = readReferenceRuns().filter(isPeftComparison);
    expect(runs).toHaveLength(5);
    for (const run of runs) {
      const lora = run.config?.method === 'lora';
      expect(run.card).toBe('l40s');
      expect(run.config).toMatchObject({
        precision: 'bf16',
        batchSize: 4,
        seqLen: 210,
        gradientAccumulationSteps: 1,
        gradientCheckpointing: false,
        mixedPrecision: lora,
        gpus: 1,
        sharding: 'none',
        framework: 'custom',
      });
      expect(run.recipe.seqLenIsMean).toBe(true);
      expect(run.measured.peakMemoryBytes).toBeNull();
      expect(run.measured.throughputKind).toBe('train');
    }
    expect(runs.find((run) => run.id.endsWith('r10-mlp'))?.config?.lora?.targets).toEqual(['gate', 'up', 'down']);
  });
});
