import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import type { MeasurementRecord } from './record';

const root = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
const isQwen = (r: { id: string }) => r.id.startsWith('qwen-readme-');

describe("the Qwen README's profile of LoRA, Q-LoRA and full-parameter training", () => {
  const records = read<MeasurementRecord[]>('data/measurements/public.json').filter(isQwen);
  const runs = read<ReferenceRun[]>('data/reference-runs.json').filter(isQwen);
  const zero3 = (run: ReferenceRun) => run.config?.sharding === 'zero3';

  it('holds 24 LoRA, 24 Q-LoRA and 9 full-parameter rows whose tokens/s is GPUs × batch 1 × accumulation 8 × length over the printed seconds per step', () => {
    expect(records.filter((r) => r.task === 'lora')).toHaveLength(24);
    expect(records.filter((r) => r.task === 'qlora')).toHaveLength(24);
    expect(records.filter((r) => r.task === 'full')).toHaveLength(9);
    for (const rec of records) {
      const secondsPerStep = Number(/^([\d.]+)s\/it$/.exec(rec.throughput_reported ?? '')?.[1]);
      expect(secondsPerStep, rec.id).toBeGreaterThan(0);
      expect(rec.throughput_value, rec.id).toBeCloseTo(((rec.num_gpus ?? 1) * 8 * rec.seq_len!) / secondsPerStep, 1);
    }
  });

  it('reads single-GPU LoRA on every linear, no DeepSpeed, with the fused c_attn said not expressible', () => {
    const lora = runs.filter((run) => run.config?.method === 'lora' && !zero3(run));
    expect(lora).toHaveLength(18);
    for (const run of lora) {
      expect(run.config).toMatchObject({
        method: 'lora',
        batchSize: 1,
        gradientAccumulationSteps: 8,
        gpus: 1,
        sharding: 'none',
        lora: { rank: 64, targets: ['q', 'k', 'v', 'o', 'gate', 'up', 'down'] },
      });
      expect(run.measured.peakMemoryBytes).toBeNull();
    }
    for (const run of runs) expect(run.recipe.notExpressible.some((clause) => clause.includes('c_attn'))).toBe(true);
  });

  it('reads Q-LoRA as a GPTQ base on the PyTorch path under DeepSpeed ZeRO-2 on one GPU, fp16 mode', () => {
    const qlora = runs.filter((run) => run.config?.method === 'qlora');
    expect(qlora).toHaveLength(24);
    for (const run of qlora) {
      expect(run.config).toMatchObject({
        precision: 'int4',
        quant: 'gptq',
        quantBackend: 'dequant',
        gpus: 1,
        sharding: 'zero2',
        deepspeed: { reduceBucketSize: 2e8, allgatherBucketSize: 2e8, overlapComm: true },
        mixedPrecision: true,
        fusedOptimizer: true,
      });
    }
  });

  it("reads full-parameter and the 72B's four-GPU LoRA as DeepSpeed ZeRO-3 in bf16 mode, the rate of every GPU", () => {
    const sharded = runs.filter(zero3);
    expect(sharded.map((run) => [run.config?.method, run.config?.gpus])).toEqual([
      ...Array(6).fill(['full', 1]),
      ...Array(3).fill(['full', 2]),
      ...Array(6).fill(['lora', 4]),
    ]);
    for (const run of sharded) {
      expect(run.config).toMatchObject({
        framework: 'deepspeed-zero3',
        precision: 'bf16',
        quant: 'none',
        batchSize: 1,
        gradientAccumulationSteps: 8,
        mixedPrecision: true,
        fusedOptimizer: true,
        gradientCheckpointing: true,
      });
      expect(run.measured.throughputScope).toBe(run.config?.gpus === 1 ? 'per-gpu' : 'all-gpus');
    }
  });
});
