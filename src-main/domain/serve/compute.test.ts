import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset, Offer } from '../catalog';
import { testOffer } from '../cost/offer.testkit';
import { InputError } from '../errors';
import { english } from '../messages';
import { serveCompute, type ServeContext } from './compute';
import { serveInputSchema } from './input';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');
const offers = readDataFile<Offer[]>('offers.json');
const ctx: ServeContext = { presets, cards, offers, currency: 'CNY' };

function refusal(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('bad input says what is allowed', () => {
  it('a max_model_len above the model limit names the limit', () => {
    const error = refusal(() => serveCompute({ model: 'qwen2.5-7b', maxModelLen: 65536 }, ctx));
    expect(error.field).toBe('maxModelLen');
    expect(error.detail).toEqual({
      code: 'serve.maxModelLenAboveModel',
      params: { given: 65536, limit: 32768, model: expect.any(String) },
    });
    expect(english(error.detail)).toContain('give at most 32,768');
  });

  it('a utilization outside (0, 1] is refused by the contract with its range', () => {
    for (const bad of [0, -0.1, 1.01]) {
      expect(serveInputSchema.safeParse({ model: 'qwen2.5-7b', gpuMemoryUtilization: bad }).success).toBe(false);
    }
    expect(serveInputSchema.safeParse({ model: 'qwen2.5-7b', gpuMemoryUtilization: 1 }).success).toBe(true);
  });

  it('an unknown card is refused at its field', () => {
    expect(refusal(() => serveCompute({ model: 'qwen2.5-7b', gpu: 'no-such-card' }, ctx)).field).toBe('gpu');
  });

  it('a model that fits nowhere tried answers with the reason and what would fit', () => {
    const result = serveCompute({ model: 'llama-3.1-70b', gpu: 'rtx-4090', gpus: 1, maxModelLen: 8192 }, ctx);
    expect(result.setups.every((s) => !s.fits)).toBe(true);
    expect(result.ranking).toEqual([]);
    expect(result.answer.code).toBe('serve.answer.fitsNowhere');
    // On one 24 GiB card no context fits: the advice is the GPU count that would (141 GB of bf16 weights ÷ 21.6 GiB budget).
    expect(english(result.answer)).toMatch(/8 GPUs would fit/);
  });
});

describe('the ranking', () => {
  const result = serveCompute({ model: 'qwen2.5-7b', maxModelLen: 8192, requestsPerSecond: 2 }, ctx);

  it('tries every card × 1, 2, 4, 8 GPUs and ranks only servers that fit, under their own card offers', () => {
    expect(result.setups).toHaveLength(cards.length * 4);
    const fitting = new Set(result.setups.filter((s) => s.fits).map((s) => `${s.card}/${s.gpus}`));
    expect(result.ranking.length).toBeGreaterThan(0);
    for (const row of result.ranking) {
      expect(fitting.has(`${row.card}/${row.gpus}`)).toBe(true);
      expect(offers.find((o) => o.id === row.offerId)?.cardId).toBe(row.card);
    }
  });

  it('puts servers meeting the latency targets first, then the cheaper per 1M output tokens', () => {
    const rows = result.ranking;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      if (a.meetsTarget === b.meetsTarget) expect(a.costPer1MOutputTokens).toBeLessThanOrEqual(b.costPer1MOutputTokens);
      else expect(a.meetsTarget).toBe(true);
    }
  });

  it('leaves out offers in the other currency without a rate, and converts them with one', () => {
    const usd = offers.filter((o) => o.currency === 'USD').map((o) => o.id);
    expect(result.ranking.some((row) => usd.includes(row.offerId))).toBe(false);
    const converted = serveCompute({ model: 'qwen2.5-7b', maxModelLen: 8192 }, { ...ctx, usdPerCny: 0.14 });
    expect(converted.ranking.some((row) => row.convertedFrom === 'USD')).toBe(true);
  });

  it('gives each server its concurrency against context length, falling as the context grows, up to the model limit', () => {
    const setup = result.setups.find((s) => s.card === 'a100-80gb' && s.gpus === 1)!;
    const points = setup.concurrencyByContext;
    // qwen2.5-7b: limit 32,768 → 512, 1024, …, 16,384 and 32,768.
    expect(points.map((p) => p.maxModelLen)).toEqual([512, 1024, 2048, 4096, 8192, 16384, 32768]);
    for (let i = 1; i < points.length; i++) expect(points[i]!.sequences).toBeLessThanOrEqual(points[i - 1]!.sequences);
    // The point at the server's own max_model_len is its concurrency there.
    expect(points.find((p) => p.maxModelLen === 8192)!.sequences).toBe(setup.maxConcurrentSequences.atMaxModelLen);
  });

  it('costs follow the training billing: 10⁶ × price × n ÷ (3600 × capacity × utilization) (hand-computed)', () => {
    // One offer at 3.6 CNY per GPU-hour: 0.001 CNY per GPU-second.
    const one = serveCompute(
      { model: 'qwen2.5-7b', gpu: 'rtx-4090', gpus: 2, maxModelLen: 8192, targetUtilization: 0.5 },
      { ...ctx, offers: [testOffer({ id: 'flat', cardId: 'rtx-4090', price: 3.6 })] },
    );
    const setup = one.setups[0]!;
    const row = one.ranking[0]!;
    const served = setup.speed!.outputTokensPerSecondCapacity * 0.5;
    expect(row.costPer1MOutputTokens).toBeCloseTo((1e6 * 3.6 * 2) / (3600 * served), 5);
    // Per 1k requests of 128 output tokens: 128 × the cost of 1k tokens.
    expect(row.costPer1kRequests).toBeCloseTo((1e3 * 3.6 * 2 * 128) / (3600 * served), 5);
  });
});
