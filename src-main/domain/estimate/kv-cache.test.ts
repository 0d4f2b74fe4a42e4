import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../scripts/data-files';
import { modelFromConfigText } from '../model-files/hf-config';
import type { ModelInputObject, ResolvedModel } from './input';
import { cachedLayerTokens, kvCacheBytes, kvElementsPerTokenPerLayer } from './kv-cache';
import { resolveModel } from './shape';

const fromConfig = (name: string): ResolvedModel => {
  const { model } = modelFromConfigText(readFixture('model-files', name), name);
  return resolveModel(model, []).model;
};
const shape = (extra: Partial<ModelInputObject>): ResolvedModel =>
  resolveModel(
    {
      params: 7.24e9,
      layers: 32,
      hidden: 4096,
      heads: 32,
      kvHeads: 8,
      headDim: 128,
      intermediate: 14336,
      vocab: 32000,
      ...extra,
    },
    [],
  ).model;

describe('KV cache with sliding windows and latent attention', () => {
  it('Mistral 7B: a 4096-token rolling buffer makes a 32k sequence cache 8× less (arXiv 2310.06825 §2)', () => {
    const full = kvCacheBytes(shape({}), 1, 32768, 2);
    const windowed = kvCacheBytes(shape({ slidingWindow: 4096 }), 1, 32768, 2);
    expect(full / windowed).toBe(8);
  });

  it('a window longer than the sequence changes nothing; only the windowed layers are capped', () => {
    expect(kvCacheBytes(shape({ slidingWindow: 4096 }), 2, 1000, 2)).toBe(kvCacheBytes(shape({}), 2, 1000, 2));
    // Half the layers windowed at 1024 of 8192 tokens: 16·8192 + 16·1024 layer-tokens.
    expect(cachedLayerTokens(shape({ slidingWindow: 1024, slidingWindowLayers: 16 }), 8192)).toBe(
      16 * 8192 + 16 * 1024,
    );
  });

  it('Gemma 3 1B: 22 local layers keep 512 tokens, the 4 global ones the whole context (config.json)', () => {
    expect(cachedLayerTokens(fromConfig('gemma-3-1b-it.config.json'), 32768)).toBe(4 * 32768 + 22 * 512);
  });

  it('DeepSeek-V2-Lite: MLA caches as much as GQA with 2.25 groups of d_h = 128 (arXiv 2405.04434 Table 1)', () => {
    const model = fromConfig('deepseek-v2-lite.config.json');
    expect(kvElementsPerTokenPerLayer(model)).toBe(2 * 2.25 * 128);
    // HF transformers decompresses keys and values per head before caching them.
    expect(kvElementsPerTokenPerLayer(model, 'eager')).toBe(2 * 16 * 192);
  });

  it('a model without either keeps 2·L·a_kv·d·s·b (kipply, "Transformer inference arithmetic")', () => {
    expect(kvCacheBytes(shape({}), 3, 2048, 2)).toBe(2 * 32 * 8 * 128 * 2048 * 3 * 2);
  });
});
