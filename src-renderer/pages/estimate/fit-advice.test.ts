import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, FROM_FILE, toEstimateInput } from './estimate-form';
import { applyFitChange } from './fit-advice';

const presets = [{ id: 'llama-3.1-8b' }];

describe('applying a "what would make it fit" change', () => {
  it('sets what the change sets and leaves the rest of the form as it was', () => {
    const form = { ...DEFAULT_FORM, batchSize: '8', seqLen: '4096' };
    const input = { ...toEstimateInput(form), batchSize: 2, gradientAccumulationSteps: 4 };
    const next = applyFitChange(form, input, presets);
    expect(next.batchSize).toBe('2');
    expect(next.gradientAccumulationSteps).toBe('4');
    expect(next.seqLen).toBe('4096');
    expect(toEstimateInput(next)).toEqual(input);
  });

  it('keeps a model read from a file as it was given (its file name included) and the card for speed', () => {
    const modelFile = JSON.stringify({
      file: 'gemma-2-9b.config.json',
      architecture: 'gemma2',
      model: { params: 9.24e9, layers: 42, hidden: 3584, heads: 16, kvHeads: 8, vocab: 256000 },
    });
    const form = { ...DEFAULT_FORM, model: FROM_FILE, modelFile, gpu: 'rtx-4090' };
    const next = applyFitChange(form, { ...toEstimateInput(form), gradientCheckpointing: true }, presets);
    expect(next.model).toBe(FROM_FILE);
    expect(next.modelFile).toBe(modelFile);
    expect(next.gpu).toBe('rtx-4090');
    expect(next.gradientCheckpointing).toBe(true);
  });
});
