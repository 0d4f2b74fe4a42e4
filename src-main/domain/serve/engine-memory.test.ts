import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { GIB } from '../estimate/units';
import { capacityOf } from './capacity';
import { engineMemory } from './engine-memory';
import { engineSetup, settleServeInput } from './input';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = new Map(readDataFile<Card[]>('cards.json').map((c) => [c.id, c]));
const card = (id: string): Card => cards.get(id)!;

function setupFor(model: string, cardId: string, fields: Record<string, unknown> = {}, gpus = 1) {
  const settled = settleServeInput({ model, ...fields }, presets);
  return { settled, setup: engineSetup(settled, card(cardId), gpus) };
}

// Llama 3.1 8B (data/models.json): 8,030,261,248 params, 32 layers, hidden 4096, 32 heads, 8 KV heads of 128,
// MLP 14336, vocab 128256. KV per token, all layers, bf16: 2 (K, V) × 8 × 128 × 32 × 2 B = 131,072 B.
const KV_PER_TOKEN = 2 * 8 * 128 * 32 * 2;

describe('vLLM memory per GPU (hand-computed)', () => {
  it('Llama 3.1 8B on one A100 80GB at utilization 0.9: the pool is the budget less weights, activation peak, non-torch and CUDA graphs', () => {
    const { settled, setup } = setupFor('llama-3.1-8b', 'a100-80gb', { maxModelLen: 32768 });
    // vLLM's defaults on an A100: 2048 batched tokens, 256 sequences (EngineArgs.get_batch_defaults).
    expect([setup.maxNumBatchedTokens, setup.maxNumSeqs]).toEqual([2048, 256]);
    const memory = engineMemory(settled.model, card('a100-80gb'), setup);
    // CUDA reports 99% of an HBM card's nominal memory as its total (79.2 of 80 GiB, serve-constants.ts).
    const budget = 0.9 * 0.99 * 80 * GIB; // 76,536,317,214.72
    const weights = 8_030_261_248 * 2; // 16,060,522,496
    // profile_run over 2048 tokens: per token 2 B × (2·4096 residual + max(attention 2·32·128 + 2·8·128 = 10,240,
    // MLP 3·14,336 = 43,008)) = 102,400 B → 209,715,200 B; the sampler's logits over 256 rows: 256 × 128,256 × (2 + 4).
    const activation = 2048 * 102_400 + 256 * 128_256 * 6; // 406,716,416
    const nonTorch = 0.16 * GIB;
    const graphs = 0.36 * GIB;
    const pool = budget - weights - activation - nonTorch - graphs; // 59,510,732,554.24
    expect(memory.lines.budgetBytes).toBe(budget);
    expect(memory.lines.weightsBytes).toBe(weights);
    expect(memory.lines.activationBytes).toBe(activation);
    expect(memory.lines.kvPoolBytes).toBeCloseTo(pool, 0);
    expect(memory.kvBytesPerToken).toBe(KV_PER_TOKEN);
    // Blocks of 16 tokens of 2,097,152 B: floor(59,510,732,554.24 / 2,097,152 = 28,376.93) = 28,376 → 454,016 tokens.
    expect(memory.kvPoolBlocks).toBe(28_376);
    expect(memory.kvPoolTokens).toBe(454_016);
    // nvidia-smi: the budget (71.28 GiB) plus the CUDA context (0.5 GiB) = 71.78 GiB.
    expect(memory.lines.nvidiaSmiBytes / GIB).toBeCloseTo(71.78, 9);
  });

  it('concurrency at max_model_len is the pool over the request in blocks, as vLLM logs "Maximum concurrency"', () => {
    const { settled, setup } = setupFor('llama-3.1-8b', 'a100-80gb', { maxModelLen: 32768 });
    const capacity = capacityOf(settled.model, card('a100-80gb'), setup, { promptTokens: 1024, outputTokens: 128 });
    // 28,376 blocks ÷ (32,768 / 16 = 2,048 blocks per sequence) = 13.86 → 13 sequences.
    expect(capacity.kvConcurrency.atMaxModelLen).toBeCloseTo(28_376 / 2048, 9);
    expect(capacity.maxConcurrentSequences.atMaxModelLen).toBe(13);
    // The average request holds 1024 + 128 / 2 = 1088 tokens = 68 blocks: 417.3 by the pool, capped at max_num_seqs 256.
    expect(capacity.averageRequestTokens).toBe(1088);
    expect(capacity.kvConcurrency.atAverageRequest).toBeCloseTo(28_376 / 68, 9);
    expect(capacity.maxConcurrentSequences.atAverageRequest).toBe(256);
  });

  it('fp8 KV halves the bytes per token and about doubles the tokens', () => {
    const { settled, setup } = setupFor('llama-3.1-8b', 'a100-80gb', { maxModelLen: 32768, kvCacheDtype: 'fp8' });
    const memory = engineMemory(settled.model, card('a100-80gb'), setup);
    expect(memory.kvBytesPerToken).toBe(KV_PER_TOKEN / 2);
    // Same pool bytes, 1,048,576 B blocks: floor(59,510,732,554.24 / 1,048,576 = 56,753.86) = 56,753.
    expect(memory.kvPoolBlocks).toBe(56_753);
  });

  it('tensor parallel over 2 GPUs halves the weights and the KV heads per rank', () => {
    const { settled, setup } = setupFor('llama-3.1-8b', 'a100-80gb', { maxModelLen: 32768 }, 2);
    const memory = engineMemory(settled.model, card('a100-80gb'), setup);
    expect(memory.lines.weightsBytes).toBe(8_030_261_248);
    expect(memory.kvBytesPerToken).toBe(KV_PER_TOKEN / 2);
    // With tensor parallel NCCL's buffers: 0.33 GiB of non-torch memory per rank.
    expect(memory.lines.nonTorchBytes).toBeCloseTo(0.33 * GIB, 3);
  });
});

describe('SGLang and llama.cpp memory per GPU (hand-computed)', () => {
  it('SGLang: pool = mem_fraction_static × free memory before loading − weights, in tokens', () => {
    const { settled, setup } = setupFor('llama-3.1-8b', 'a100-80gb', { engine: 'sglang', maxModelLen: 32768 });
    const memory = engineMemory(settled.model, card('a100-80gb'), setup);
    // Free before loading = 79.2 GiB CUDA total − 0.5 GiB context − 0.16 GiB non-torch = 78.54 GiB; × 0.9 = 70.686 GiB.
    const pool = 0.9 * (0.99 * 80 - 0.5 - 0.16) * GIB - 8_030_261_248 * 2;
    expect(memory.lines.kvPoolBytes).toBeCloseTo(pool, 0);
    expect(memory.kvPoolTokens).toBe(Math.floor(pool / KV_PER_TOKEN));
  });

  it('llama.cpp: n_parallel × n_ctx of KV plus a 512-token compute buffer, layers split over the cards', () => {
    const { settled, setup } = setupFor(
      'llama-3.1-8b',
      'rtx-4090',
      { engine: 'llamacpp', maxModelLen: 8192, maxNumSeqs: 4 },
      2,
    );
    const memory = engineMemory(settled.model, card('rtx-4090'), setup);
    // 4 slots × 8192 tokens × 131,072 B (int4 base, KV stays f16) ÷ 2 cards = 2 GiB per card.
    expect(memory.lines.kvPoolBytes).toBe((4 * 8192 * KV_PER_TOKEN) / 2);
    expect(memory.kvPoolTokens).toBe(4 * 8192);
    // Compute buffer: 512 tokens × 102,400 B working set + 512 × 128,256 fp32 logits.
    expect(memory.lines.activationBytes).toBe(512 * 102_400 + 512 * 128_256 * 4);
    expect(memory.lines.budgetBytes).toBeNull();
  });
});

describe('what does not fit says what would', () => {
  it('a 70B model on one RTX 4090 does not fit, and no shorter context on that one card would', () => {
    const { settled, setup } = setupFor('llama-3.1-70b', 'rtx-4090', { maxModelLen: 8192 });
    const capacity = capacityOf(settled.model, card('rtx-4090'), setup, { promptTokens: 1024, outputTokens: 128 });
    expect(capacity.fits).toBe(false);
    expect(capacity.largestMaxModelLen).toBeNull();
    expect(capacity.reason?.code).toBe('serve.noFit');
    expect(capacity.maxConcurrentSequences).toEqual({ atMaxModelLen: 0, atAverageRequest: 0 });
  });

  it('a context too long for the pool names the largest max_model_len that fits, and it does fit', () => {
    // Llama 3.1 8B on an RTX 4090 (23.54 GiB for CUDA, 0.9): ≈ 4.3 GiB of pool ≈ 35k tokens, less than one 131,072-token sequence.
    const { settled, setup } = setupFor('llama-3.1-8b', 'rtx-4090', { maxModelLen: 131072 });
    const capacity = capacityOf(settled.model, card('rtx-4090'), setup, { promptTokens: 1024, outputTokens: 128 });
    expect(capacity.fits).toBe(false);
    const largest = capacity.largestMaxModelLen!;
    expect(largest).toBeGreaterThan(16);
    expect(largest).toBeLessThan(131072);
    const params = capacity.reason!.params as Record<string, { code: string; params?: Record<string, unknown> }>;
    expect(params.advice!.params!.length).toBe(largest);
    const at = (len: number) =>
      capacityOf(
        settled.model,
        card('rtx-4090'),
        { ...setup, maxModelLen: len },
        { promptTokens: 1024, outputTokens: 128 },
      );
    expect(at(largest).fits).toBe(true);
    expect(at(largest + 16).fits).toBe(false);
  });

  it('a utilization leaving no room for the CUDA context is refused with the most that would start', () => {
    const { settled, setup } = setupFor('llama-3.1-8b', 'a100-80gb', { gpuMemoryUtilization: 1, maxModelLen: 4096 });
    const capacity = capacityOf(settled.model, card('a100-80gb'), setup, { promptTokens: 1024, outputTokens: 128 });
    expect(capacity.fits).toBe(false);
    const problem = (capacity.reason!.params as Record<string, { code: string; params: Record<string, unknown> }>)
      .problem!;
    expect(problem.code).toBe('serve.noFit.utilization');
    // (79.2 − 0.5) / 79.2 = 0.9937 → 0.99.
    expect(problem.params.most).toBe(0.99);
  });
});
