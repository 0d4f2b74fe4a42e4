import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import type { EstimateInput } from './input';
import { estimateMemory } from './memory';
import { estimateSpeed, type InferenceSpeed, type TrainingSpeed } from './speed';
import { english } from '../messages';

const read = <T>(name: string): T => readDataFile<T>(name);
const cards = [...read<Card[]>('cards.json'), ...read<Card[]>('reference-cards.json')];
const presets = read<ModelPreset[]>('models.json');

function speedOf(input: EstimateInput, cardId: string): TrainingSpeed | InferenceSpeed {
  const card = cards.find((c) => c.id === cardId);
  if (!card) throw new Error(`no card ${cardId}`);
  const memory = estimateMemory(input, { presets, cards: [] });
  return estimateSpeed(memory.resolvedInput, memory.model, card, { trainableParams: memory.trainableParams });
}

describe('offload costs in training speed', () => {
  const fsdp: EstimateInput = {
    model: 'llama-3.1-70b',
    method: 'full',
    precision: 'bf16',
    mixedPrecision: false,
    batchSize: 2,
    seqLen: 2048,
    gradientCheckpointing: true,
    gpus: 8,
    sharding: 'fsdp',
  };

  it('optimizer offload slows the step by PCIe copies and a host-memory-bound CPU step', () => {
    const on = speedOf({ ...fsdp, optimizerOffload: true }, 'a100-80gb') as TrainingSpeed;
    const off = speedOf(fsdp, 'a100-80gb') as TrainingSpeed;
    expect(on.tokensPerSecond).toBeLessThan(off.tokensPerSecond * 0.8);
    expect(on.assumptions.map(english).join(' ')).toContain('optimizer offload');
  });

  it('activation offload with checkpointing hides its copies behind compute', () => {
    const input: EstimateInput = { ...fsdp, model: 'llama-3.2-3b', gpus: 1, sharding: 'none' };
    const on = speedOf({ ...input, activationOffload: true }, 'a100-80gb') as TrainingSpeed;
    const off = speedOf(input, 'a100-80gb') as TrainingSpeed;
    expect(on.tokensPerSecond).toBeCloseTo(off.tokensPerSecond, 6);
    expect(on.assumptions.map(english).join(' ')).toContain('hidden behind compute');
  });
});

describe('inference runtime in decode speed', () => {
  it('eager HF generate is bound by CPU dispatch at batch 1; the input field chooses it', () => {
    const input: EstimateInput = {
      model: 'llama-2-13b',
      method: 'inference',
      precision: 'fp16',
      batchSize: 1,
      seqLen: 512,
    };
    const efficient = speedOf(input, 'a100-80gb') as InferenceSpeed;
    const eager = speedOf({ ...input, inferenceRuntime: 'eager' }, 'a100-80gb') as InferenceSpeed;
    expect(eager.decodeTokensPerSecond).toBeLessThan(efficient.decodeTokensPerSecond);
    expect(eager.bound).toBe('overhead');
  });
});
