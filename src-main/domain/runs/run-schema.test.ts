import { describe, expect, it } from 'vitest';
import { runInputSchema, runPatchSchema } from './run-schema';

const config = { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 } as const;
const base = { config, card: 'rtx-4090', gpus: 1, outcome: 'ok' } as const;

function fieldsOf(value: unknown): string[] {
  const parsed = runInputSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
}

describe('runInputSchema', () => {
  it('fills the two nullable memory fields and drops empty text', () => {
    expect(runInputSchema.parse({ ...base, notes: '', provider: '' })).toEqual({
      ...base,
      peakMemoryGiB: null,
      memoryMeter: null,
    });
  });

  it('accepts a complete run', () => {
    const run = {
      ...base,
      provider: 'AutoDL',
      peakMemoryGiB: 21.4,
      memoryMeter: 'nvidia-smi',
      tokensPerSecond: 3120.5,
      throughputKind: 'train',
      throughputScope: 'all-gpus',
      durationHours: 2.5,
      cost: 4.95,
      currency: 'CNY',
      notes: '第一次 LoRA',
      startedAt: '2025-11-30T14:05:00+08:00',
    };
    expect(runInputSchema.parse(run)).toEqual(run);
    expect(fieldsOf({ ...run, startedAt: '2025-11-30' })).toEqual([]);
  });

  it('names the field of each cross-field rule', () => {
    expect(fieldsOf({ ...base, cost: 3 })).toEqual(['currency']);
    expect(fieldsOf({ ...base, peakMemoryGiB: 20 })).toEqual(['memoryMeter']);
    expect(fieldsOf({ ...base, gpus: 2, config: { ...config, gpus: 4 } })).toEqual(['config.gpus']);
    expect(fieldsOf({ ...base, config: { ...config, gpu: 'a100-80gb' } })).toEqual(['config.gpu']);
    expect(fieldsOf({ ...base, throughputKind: 'decode' })).toEqual(['throughputKind']);
  });

  it('refuses numbers out of range, Infinity and NaN', () => {
    expect(fieldsOf({ ...base, memoryMeter: 'nvidia-smi', peakMemoryGiB: 4097 })).toEqual(['peakMemoryGiB']);
    expect(fieldsOf({ ...base, memoryMeter: 'nvidia-smi', peakMemoryGiB: -1 })).toEqual(['peakMemoryGiB']);
    expect(fieldsOf({ ...base, tokensPerSecond: Infinity })).toEqual(['tokensPerSecond']);
    expect(fieldsOf({ ...base, tokensPerSecond: 2e9 })).toEqual(['tokensPerSecond']);
    expect(fieldsOf({ ...base, durationHours: NaN })).toEqual(['durationHours']);
    expect(fieldsOf({ ...base, durationHours: 1e5 + 1 })).toEqual(['durationHours']);
    expect(fieldsOf({ ...base, cost: 1e10, currency: 'USD' })).toEqual(['cost']);
    expect(fieldsOf({ ...base, gpus: 0 })).toEqual(['gpus']);
    expect(fieldsOf({ ...base, gpus: 1.5 })).toEqual(['gpus']);
  });

  it('refuses unknown keys, enums and dates', () => {
    expect(fieldsOf({ ...base, peakMemoryGB: 3 })).toEqual(['']);
    expect(fieldsOf({ ...base, outcome: 'fine' })).toEqual(['outcome']);
    expect(fieldsOf({ ...base, currency: 'EUR' })).toEqual(['currency']);
    expect(fieldsOf({ ...base, startedAt: '30/11/2025' })).toEqual(['startedAt']);
    expect(fieldsOf({ ...base, card: 'RTX 4090' })).toEqual(['card']);
    expect(fieldsOf({ ...base, config: { ...config, method: 'dpo' } })).toEqual(['config.method']);
  });

  it('has a patch form with every field optional', () => {
    expect(runPatchSchema.safeParse({ notes: 'x' }).success).toBe(true);
    // A patch names only what changes: parsing it must not add defaults that would clear fields.
    expect(runPatchSchema.parse({ notes: 'x' })).toEqual({ notes: 'x' });
    expect(runPatchSchema.safeParse({ gpus: 0 }).success).toBe(false);
  });
});
