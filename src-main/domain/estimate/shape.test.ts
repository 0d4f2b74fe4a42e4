import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { ModelPreset } from '../catalog';
import { english } from '../messages';
import type { ModelInputObject } from './input';
import { embeddingParams, layerParams, PARAMS_TOLERANCE, resolveModel } from './shape';

const presets = readDataFile<ModelPreset[]>('models.json');
// Llama 3.1 8B's shape: 8,030,261,248 parameters (meta-llama/Llama-3.1-8B config.json, as data/models.json).
const llama = {
  layers: 32,
  hidden: 4096,
  heads: 32,
  kvHeads: 8,
  headDim: 128,
  intermediate: 14336,
  vocab: 128256,
  tiedEmbeddings: false,
  gatedMlp: true,
};
const LLAMA_PARAMS = 8_030_261_248;
const said = (model: ModelInputObject) => resolveModel(model, presets).assumptions.map(english).join(' ');

describe('a stated parameter count checked against its shape', () => {
  it('the shape holds what data/models.json states for Llama 3.1 8B', () => {
    const shape = 32 * layerParams({ ...llama, experts: 1 }) + embeddingParams(llama) + llama.hidden;
    expect(shape).toBe(LLAMA_PARAMS);
  });

  it('a count more than 3% below the shape is raised to it, and said', () => {
    const { model } = resolveModel({ ...llama, params: 7e9 }, presets);
    expect(model.params).toBe(LLAMA_PARAMS);
    expect(model.activeParams).toBe(LLAMA_PARAMS);
    expect(said({ ...llama, params: 7e9 })).toContain('12.8% below what its shape holds (8.03 B)');
  });

  it('a count more than 3% above is kept (a vision tower the shape does not describe), and said', () => {
    const { model } = resolveModel({ ...llama, params: 8.6e9 }, presets);
    expect(model.params).toBe(8.6e9);
    expect(said({ ...llama, params: 8.6e9 })).toContain('7.1% above what its layers and vocabulary hold');
  });

  it('within 3% nothing is said, and the larger count is kept (no count falls as the stated one grows)', () => {
    const above = LLAMA_PARAMS * (1 + PARAMS_TOLERANCE * 0.9);
    const below = LLAMA_PARAMS * (1 - PARAMS_TOLERANCE * 0.9);
    expect(resolveModel({ ...llama, params: above }, presets).model.params).toBe(above);
    expect(resolveModel({ ...llama, params: below }, presets).model.params).toBe(LLAMA_PARAMS);
    expect(said({ ...llama, params: above }) + said({ ...llama, params: below })).not.toContain('stated parameter');
  });

  it('a partial shape or MLA attention is not checked', () => {
    expect(said({ params: 7e9, layers: 32, hidden: 4096 })).not.toContain('stated parameter count');
    expect(said({ ...llama, params: 7e9, kvLatentDim: 576 })).not.toContain('stated parameter count');
  });
});
