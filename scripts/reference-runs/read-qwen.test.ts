import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import type { MeasurementRecord } from './record';

const root = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
const isQwen = (r: { id: string }) => r.id.startsWith('qwen-readme-');

describe("the Qwen README's LoRA profile", () => {
  const records = read<MeasurementRecord[]>('data/measurements/public.json').filter(isQwen);

  it('holds 18 rows whose tokens/s is batch 1 × accumulation 8 × length over the printed seconds per step', () => {
    expect(records).toHaveLength(18);
    for (const rec of records) {
      const secondsPerStep = Number(/^([\d.]+)s\/it$/.exec(rec.throughput_reported ?? '')?.[1]);
      expect(secondsPerStep, rec.id).toBeGreaterThan(0);
      expect(rec.throughput_value, rec.id).toBeCloseTo((1 * 8 * rec.seq_len!) / secondsPerStep, 1);
    }
  });

  it('is read as LoRA on every linear, one GPU, no DeepSpeed, with the fused c_attn said not expressible', () => {
    const runs = read<ReferenceRun[]>('data/reference-runs.json').filter(isQwen);
    expect(runs).toHaveLength(18);
    for (const run of runs) {
      expect(run.config).toMatchObject({
        method: 'lora',
        batchSize: 1,
        gradientAccumulationSteps: 8,
        gpus: 1,
        sharding: 'none',
        lora: { rank: 64, targets: ['q', 'k', 'v', 'o', 'gate', 'up', 'down'] },
      });
      expect(run.measured.peakMemoryBytes).toBeNull();
      expect(run.recipe.notExpressible.some((clause) => clause.includes('c_attn'))).toBe(true);
    }
  });
});
