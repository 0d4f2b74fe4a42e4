import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../scripts/data-files';
import { InputError } from '../errors';
import { modelFromConfigText } from './hf-config';

const read = (name: string) => modelFromConfigText(readFixture('model-files', name), name);

/**
 * The parameter count each model's publisher states (fixtures/SOURCES.md names the files): the
 * Hugging Face page's Safetensors "Model size", or the paper/model card where it says more.
 * Within 1% (issue 12): the count is computed from the shape, never from these numbers.
 */
const PUBLISHED: [file: string, params: number, source: string][] = [
  ['llama-2-7b.config.json', 6.74e9, 'HF meta-llama/Llama-2-7b-hf: 6.74B params'],
  ['llama-3.1-8b.config.json', 8.03e9, 'HF meta-llama/Llama-3.1-8B: 8.03B params'],
  ['llama-3.2-1b.config.json', 1.24e9, 'HF meta-llama/Llama-3.2-1B: 1.24B params'],
  ['mistral-7b-v0.1.config.json', 7.24e9, 'HF mistralai/Mistral-7B-v0.1: 7.24B params'],
  ['mixtral-8x7b-v0.1.config.json', 46.7e9, 'HF mistralai/Mixtral-8x7B-v0.1: 46.7B params'],
  ['phi-3.5-mini-instruct.config.json', 3.82e9, 'HF microsoft/Phi-3.5-mini-instruct: 3.82B params'],
  ['phi-4-mini-instruct.config.json', 3.84e9, 'HF microsoft/Phi-4-mini-instruct: 3.84B params'],
  ['qwen2-7b.config.json', 7.62e9, 'HF Qwen/Qwen2-7B: 7.62B params'],
  ['qwen2.5-3b.config.json', 3.09e9, 'HF Qwen/Qwen2.5-3B model card: 3.09B parameters'],
  ['qwen3-0.6b.config.json', 0.6e9, 'HF Qwen/Qwen3-0.6B model card: 0.6B parameters'],
  ['qwen1.5-moe-a2.7b.config.json', 14.3e9, 'HF Qwen/Qwen1.5-MoE-A2.7B: 14.3B params'],
  ['deepseek-v2-lite.config.json', 15.7e9, 'DeepSeek-V2 paper (arXiv 2405.04434) App. B: DeepSeek-V2-Lite 15.7B total'],
  ['gemma-2-9b.config.json', 9.24e9, 'HF google/gemma-2-9b: 9.24B params'],
  ['gemma-2-27b.config.json', 27.2e9, 'HF google/gemma-2-27b: 27.2B params'],
  ['gemma-3-1b-it.config.json', 1.0e9, 'HF google/gemma-3-1b-it: 1,000M params'],
  ['llava-1.5-7b.config.json', 7.06e9, 'HF llava-hf/llava-1.5-7b-hf: 7.06B params'],
  ['gemma-3-4b-it.config.json', 4.3e9, 'HF google/gemma-3-4b-it: 4.3B params'],
  ['gemma-3-27b-it.config.json', 27.4e9, 'HF google/gemma-3-27b-it: 27.4B params'],
  ['deepseek-v3.config.json', 671e9, 'DeepSeek-V3 README_WEIGHTS.md: main model 671B total (MTP module excluded)'],
  ['qwen2.5-32b-instruct.config.json', 32.5e9, 'HF Qwen/Qwen2.5-32B-Instruct model card: 32.5B parameters'],
  ['qwen3-30b-a3b.config.json', 30.5e9, 'HF Qwen/Qwen3-30B-A3B model card: 30.5B in total'],
  ['qwen3-235b-a22b.config.json', 235e9, 'HF Qwen/Qwen3-235B-A22B model card: 235B in total'],
];

describe('modelFromConfigText on real config.json files', () => {
  it.each(PUBLISHED)('%s: parameters within 1 percent of the published %d (%s)', (file, published) => {
    const { model } = read(file);
    expect(Math.abs(model.params / published - 1)).toBeLessThan(0.01);
  });

  it('Qwen3-1.7B: 1.4B non-embedding parameters (model card), q/k norms and tied embeddings', () => {
    const { model } = read('qwen3-1.7b.config.json');
    expect(model.tiedEmbeddings).toBe(true);
    expect(Math.abs((model.params - model.vocab! * model.hidden!) / 1.4e9 - 1)).toBeLessThan(0.01);
  });

  it('Mixtral 8x7B: 12.9B parameters per token, 2 of 8 experts (Mistral AI, "Mixtral of experts", arXiv 2401.04088)', () => {
    const { model } = read('mixtral-8x7b-v0.1.config.json');
    expect(model).toMatchObject({ experts: 8, expertsPerToken: 2, kvHeads: 8, headDim: 128 });
    expect(Math.abs(model.activeParams! / 12.9e9 - 1)).toBeLessThan(0.01);
  });

  it('Qwen1.5-MoE-A2.7B: 2.7B activated (model card), the shared expert counted as 4 expert widths', () => {
    const { model, notes } = read('qwen1.5-moe-a2.7b.config.json');
    expect(Math.abs(model.activeParams! / 2.7e9 - 1)).toBeLessThan(0.01);
    expect(model).toMatchObject({ experts: 60, expertsPerToken: 4 + 4, intermediate: 1408 });
    expect(notes.map((n) => n.code)).toContain('modelFile.sharedExperts');
  });

  it('DeepSeek-V2-Lite: MLA caches kv_lora_rank + qk_rope_head_dim = 576 per token per layer; 1 dense layer; 2 shared experts', () => {
    const { model, notes } = read('deepseek-v2-lite.config.json');
    // DeepSeek-V2 paper Table 1: (d_c + d_h^R)·l elements per token, d_c = 512, d_h^R = 64.
    expect(model).toMatchObject({ kvLatentDim: 576, heads: 16, headDim: 192, experts: 64, expertsPerToken: 6 + 2 });
    expect(notes.map((n) => n.code)).toEqual(expect.arrayContaining(['modelFile.denseLayers', 'modelFile.mla']));
    // The paper's 2.4B activated counts the LM head but not the input embedding (102400 × 2048).
    expect(Math.abs((model.activeParams! - 102400 * 2048) / 2.4e9 - 1)).toBeLessThan(0.03);
  });

  it('DeepSeek-V3: MLA (576 cached per token per layer), 3 dense layers, 256 routed + 1 shared expert, the MTP layer left out', () => {
    const { model, notes } = read('deepseek-v3.config.json');
    expect(model).toMatchObject({ layers: 61, kvLatentDim: 512 + 64, experts: 256, expertsPerToken: 8 + 1 });
    expect(notes.map((n) => n.code)).toEqual(
      expect.arrayContaining([
        'modelFile.mla',
        'modelFile.denseLayers',
        'modelFile.sharedExperts',
        'modelFile.mtpExcluded',
      ]),
    );
    // README_WEIGHTS.md (tenstorrent/tt-metal vendors DeepSeek's copy): "Activation parameters: 36.6B (including
    // 0.9B for the output Head)", so the input embedding (129280 × 7168) is not in it.
    expect(Math.abs((model.activeParams! - 129280 * 7168) / 36.6e9 - 1)).toBeLessThan(0.01);
  });

  it('Qwen3-MoE: 128 experts, 8 per token, no shared expert; non-embedding counts as the model cards state', () => {
    const small = read('qwen3-30b-a3b.config.json').model;
    expect(small).toMatchObject({ experts: 128, expertsPerToken: 8, intermediate: 768, headDim: 128, kvHeads: 4 });
    // Model card: "Number of Paramaters (Non-Embedding): 29.9B" (both the embedding and the untied head left out).
    expect(Math.abs((small.params - 2 * small.vocab! * small.hidden!) / 29.9e9 - 1)).toBeLessThan(0.01);
    // "3.3B activated" is given to one decimal (±0.05B = 1.5%): 2% holds that rounding.
    expect(Math.abs(small.activeParams! / 3.3e9 - 1)).toBeLessThan(0.02);
    const large = read('qwen3-235b-a22b.config.json').model;
    // Model card: "235B in total and 22B activated", "Non-Embedding: 234B".
    expect(Math.abs((large.params - 2 * large.vocab! * large.hidden!) / 234e9 - 1)).toBeLessThan(0.01);
    expect(Math.abs(large.activeParams! / 22e9 - 1)).toBeLessThan(0.01);
  });

  it('Gemma 2: head_dim 256 with a 3584 width, tied embeddings, the window on every other layer', () => {
    const { model } = read('gemma-2-9b.config.json');
    expect(model).toMatchObject({
      headDim: 256,
      hidden: 3584,
      tiedEmbeddings: true,
      slidingWindow: 4096,
      slidingWindowLayers: 21,
    });
  });

  it('Gemma 3: five local layers of 512 tokens for each global one (sliding_window_pattern 6)', () => {
    const { model } = read('gemma-3-1b-it.config.json');
    expect(model).toMatchObject({ layers: 26, slidingWindow: 512, slidingWindowLayers: 26 - 4, kvHeads: 1 });
  });

  it.each([
    ['gemma-3-4b-it.config.json', 34, 29, 3209e6],
    ['gemma-3-27b-it.config.json', 62, 52, 25600e6],
  ])(
    'Gemma 3 VLM %s: the SigLIP tower counts in the weights, the 5:1 local layers from the class defaults',
    (file, layers, windowed, nonEmbedding) => {
      const { model, notes } = read(file);
      expect(model).toMatchObject({ layers, slidingWindow: 1024, slidingWindowLayers: windowed, vocab: 262208 });
      expect(notes[0]?.code).toBe('modelFile.visionTower');
      const vision = notes[0]!.params!.params as number;
      // Gemma 3 Technical Report (arXiv 2503.19786) Table 1: a 417M vision encoder; non-embedding 3,209M (4B) and
      // 25,600M (27B). The tower here adds the projector (1152 × the text width) to the encoder.
      expect(Math.abs((vision - 1152 * model.hidden!) / 417e6 - 1)).toBeLessThan(0.01);
      expect(Math.abs((model.params - vision - model.vocab! * model.hidden!) / nonEmbedding - 1)).toBeLessThan(0.01);
    },
  );

  it('Qwen: sliding_window is stated but off (use_sliding_window false), so no window', () => {
    expect(read('qwen2-7b.config.json').model.slidingWindow).toBeUndefined();
  });

  it('LLaVA 1.5: the CLIP tower and projector count in the weights, the text shape is Llama 2 7B', () => {
    const { model, notes } = read('llava-1.5-7b.config.json');
    expect(model).toMatchObject({ layers: 32, hidden: 4096, vocab: 32064 });
    expect(notes[0]?.code).toBe('modelFile.visionTower');
    // CLIP ViT-L/14-336 is 303M parameters (openai/clip-vit-large-patch14-336 vision model) plus a 21M projector.
    const vision = (notes[0]?.params?.params as number) ?? 0;
    expect(Math.abs(vision / 324e6 - 1)).toBeLessThan(0.02);
  });

  it('lists what it read and the keys that change nothing', () => {
    const { read: values, ignored } = read('mistral-7b-v0.1.config.json');
    expect(values).toContainEqual({ key: 'num_key_value_heads', value: 8 });
    // MLC's own key: the reader leaves it aside and says so.
    expect(ignored).toContain('sliding_window_size');
  });
});

describe('modelFromConfigText on bad input', () => {
  const refusal = (text: string) => {
    try {
      modelFromConfigText(text, 'my.json');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as InputError).detail;
    }
    throw new Error('accepted');
  };

  it('names the file and the problem', () => {
    expect(refusal('{"model_type": ')).toMatchObject({ code: 'modelFile.notJson', params: { file: 'my.json' } });
    expect(refusal('[1,2]')?.code).toBe('modelFile.notObject');
    expect(refusal('{"hidden_size": 4096}')?.code).toBe('modelFile.noModelType');
    expect(refusal('{"model_type": "rwkv5"}')).toMatchObject({
      code: 'modelFile.unknownArchitecture',
      params: { architecture: 'rwkv5' },
    });
    expect(refusal('{"model_type": "mistral", "hidden_size": 4096}')).toMatchObject({
      code: 'modelFile.missingKey',
      params: { key: 'num_hidden_layers' },
    });
    expect(
      refusal('{"model_type":"mistral","hidden_size":-1,"num_hidden_layers":2,"num_attention_heads":2,"vocab_size":9}'),
    ).toMatchObject({ code: 'modelFile.badValue', params: { key: 'hidden_size' } });
    expect(refusal(' '.repeat(5 * 2 ** 20))?.code).toBe('modelFile.tooLarge');
  });
});
