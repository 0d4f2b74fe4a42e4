import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset, Offer } from '../catalog';
import type { EstimateInput } from '../estimate/input';
import { english } from '../messages';
import { testOffer } from './offer.testkit';
import { jobCost, jobHours } from './job';
import { rankCandidates } from './rank';
import { estimateMemory } from '../estimate/memory';
import { speedInterval } from '../estimate/speed-interval';
import type { TrainingSpeed } from '../estimate/speed';

const read = <T>(name: string): T => readDataFile<T>(name);
const cards = read<Card[]>('cards.json');
const presets = read<ModelPreset[]>('models.json');

const offer = (o: Partial<Offer> & Pick<Offer, 'id' | 'cardId' | 'price'>): Offer =>
  testOffer({ provider: 'test', ...o });

const offers: Offer[] = [
  offer({ id: '3090-h', cardId: 'rtx-3090', price: 1.32 }),
  offer({ id: '4090-h', cardId: 'rtx-4090', price: 1.98 }),
  offer({ id: 'a100-h', cardId: 'a100-80gb', price: 10, granularity: 'hour' }),
  offer({ id: 'a100-m', cardId: 'a100-80gb', price: 6500, billing: 'monthly' }),
  offer({ id: 'h20-h', cardId: 'h20-96gb', price: 8 }),
  offer({ id: '4090-usd', cardId: 'rtx-4090', price: 0.35, currency: 'USD' }),
  offer({ id: '4090-x8', cardId: 'rtx-4090', price: 14, gpusPerPrice: 8 }),
];
const ctx = { presets, cards, offers };
/** True when each value is at least the one before it. */
const ascending = (values: number[]) => values.every((v, i) => i === 0 || v >= (values[i - 1] ?? -Infinity));
const lora: EstimateInput = {
  model: 'llama-3.2-3b',
  method: 'lora',
  precision: 'bf16',
  batchSize: 2,
  seqLen: 2048,
  gradientCheckpointing: true,
};

describe('rankCandidates', () => {
  it('ranks by cost per 1M tokens, cheapest first, with the arithmetic of each row', () => {
    const { candidates, currency } = rankCandidates(lora, {}, ctx, { gpuCounts: [1] });
    expect(currency).toBe('CNY');
    expect(candidates.length).toBeGreaterThan(3);
    expect(ascending(candidates.map((c) => c.costPer1MTokens))).toBe(true);
    for (const c of candidates) {
      expect(c.costPer1MTokens).toBeCloseTo((1e6 * c.pricePerGpuHour * c.gpus) / (3600 * c.tokensPerSecond), 5);
      expect(c.currency).toBe('CNY');
      expect(c.explain.some((line) => english(line).startsWith('cost per 1M tokens'))).toBe(true);
      expect(english(c.reason)).toMatch(/^compute-bound: [\d.]+ TFLOPS × \d+% MFU$/);
    }
  });

  it('excludes what does not fit and says by how much', () => {
    const full70b: EstimateInput = {
      model: 'llama-3.1-70b',
      method: 'full',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
    };
    const { candidates, excluded } = rankCandidates(full70b, {}, ctx, { gpuCounts: [1] });
    expect(candidates).toEqual([]);
    const r4090 = excluded.find((e) => e.card === 'rtx-4090');
    expect(english(r4090!.reason)).toMatch(
      /^does not fit: needs [\d,.]+ GiB of 24 \(21\.6 usable with 10% headroom\)$/,
    );
  });

  it('never mixes currencies: USD offers are skipped without a rate and converted with one', () => {
    const without = rankCandidates(lora, {}, ctx, { gpuCounts: [1] });
    expect(without.candidates.some((c) => c.offerId === '4090-usd')).toBe(false);
    expect(without.assumptions.map(english).join('\n')).toMatch(/not in CNY (was|were) skipped/);

    const withRate = rankCandidates(lora, {}, ctx, { gpuCounts: [1], rates: { USDperCNY: 0.14 } });
    const usd = withRate.candidates.find((c) => c.offerId === '4090-usd');
    expect(usd?.currency).toBe('CNY');
    expect(usd?.pricePerGpuHour).toBeCloseTo(0.35 / 0.14, 6);
    expect(withRate.assumptions.map(english).join('\n')).toMatch(/1 CNY = 0\.14 USD/);

    const inUsd = rankCandidates(lora, {}, ctx, { gpuCounts: [1], currency: 'USD' });
    expect(inUsd.candidates.map((c) => c.offerId)).toEqual(['4090-usd']);
  });

  it('computes job hours and cost under each billing and marks the Pareto front', () => {
    const workload = { tokens: 50e6, epochs: 2, tokensPerSample: 1024 };
    const { candidates } = rankCandidates(lora, workload, ctx, { gpuCounts: [1, 8], sort: 'jobCost' });
    for (const c of candidates) {
      expect(c.hours).toBeCloseTo(100e6 / c.tokensPerSecond / 3600, 9);
      expect(c.costPer1kSamples).toBeCloseTo((1e3 * c.pricePerGpuHour * c.gpus * 1024) / (3600 * c.tokensPerSecond), 5);
    }
    expect(ascending(candidates.map((c) => c.jobCost ?? 0))).toBe(true);
    // A job of hours, not months, cannot be done on a monthly package without paying the month.
    expect(candidates.some((c) => c.offerId === 'a100-m')).toBe(false);
    const hourlyA100 = candidates.find((c) => c.offerId === 'a100-h' && c.gpus === 1);
    expect(hourlyA100?.jobCost).toBe(10 * Math.ceil(hourlyA100?.hours ?? 0)); // billed per started hour

    // The cheapest job and the fastest job are both on the front; nothing on it is dominated.
    const cheapest = candidates[0];
    const fastest = [...candidates].sort((a, b) => (a.hours ?? 0) - (b.hours ?? 0))[0];
    expect(cheapest?.pareto).toBe(true);
    expect(fastest?.pareto).toBe(true);
    for (const p of candidates.filter((c) => c.pareto)) {
      const dominated = candidates.some(
        (q) =>
          (q.jobCost ?? 0) <= (p.jobCost ?? 0) &&
          (q.hours ?? 0) <= (p.hours ?? 0) &&
          ((q.jobCost ?? 0) < (p.jobCost ?? 0) || (q.hours ?? 0) < (p.hours ?? 0)),
      );
      expect(dominated).toBe(false);
    }
  });

  it('gives each job the cost at the ends of its speed’s held-out range, under the offer’s own billing', () => {
    const workload = { tokens: 50e6 };
    const { candidates } = rankCandidates(lora, workload, ctx, { gpuCounts: [1, 8] });
    expect(candidates.length).toBeGreaterThan(2);
    for (const c of candidates) {
      // The same speed interval the estimate shows (its token band: 2 × 2048 tokens a micro-batch).
      const band = speedInterval({ kind: 'train', tokensPerSecond: c.tokensPerSecond } as TrainingSpeed, {
        batchSize: 2,
        seqLen: 2048,
        inferenceRuntime: 'llama.cpp',
      });
      const offerOf = ctx.offers.find((o) => o.id === c.offerId)!;
      const converted = offerOf.currency === c.currency ? offerOf : null;
      if (!converted) continue;
      const at = (tokensPerSecond: number) => jobCost(converted, c.gpus, jobHours(50e6, tokensPerSecond)).cost;
      expect(c.jobCostLikely).toEqual({ low: at(band.highTokensPerSecond), high: at(band.lowTokensPerSecond) });
      // The hours the Plan page prices at both ends.
      expect(c.hoursLikely).toEqual({
        fast: jobHours(50e6, band.highTokensPerSecond),
        slow: jobHours(50e6, band.lowTokensPerSecond),
      });
      expect(c.hoursLikely!.fast).toBeLessThanOrEqual(c.hours!);
      expect(c.hoursLikely!.slow).toBeGreaterThanOrEqual(c.hours!);
      expect(c.jobCostLikely!.low).toBeLessThanOrEqual(c.jobCost!);
      expect(c.jobCostLikely!.high).toBeGreaterThanOrEqual(c.jobCost!);
      expect(english(c.explain.at(-1)!)).toMatch(/^likely [\d.]+–[\d.]+ CNY \([\d.]+–[\d.]+ h\): /);
    }
    // Without a job there is no job to price.
    expect(
      rankCandidates(lora, {}, ctx, { gpuCounts: [1] }).candidates.every(
        (c) => c.jobCostLikely === null && c.hoursLikely === null,
      ),
    ).toBe(true);
  });

  it('ranks a job by its cost by default, and leaves out packages longer than the job, saying so', () => {
    const short = rankCandidates(lora, { tokens: 50e6 }, ctx, { gpuCounts: [1, 2] });
    expect(ascending(short.candidates.map((c) => c.jobCost ?? Infinity))).toBe(true);
    expect(short.candidates.some((c) => c.billing === 'monthly')).toBe(false);
    expect(short.assumptions.map(english)).toContain(
      '1 package offer longer than the job was left out (a package is bought for its whole period)',
    );
    // Only a monthly offer for the A100 on a short job: the A100 is excluded with the reason.
    const onlyMonthly = rankCandidates(lora, { tokens: 50e6 }, { ...ctx, offers: [offers[3]!] }, { gpuCounts: [1] });
    expect(onlyMonthly.candidates).toEqual([]);
    expect(english(onlyMonthly.excluded.find((e) => e.card === 'a100-80gb')!.reason)).toMatch(
      /^fits, but its only offers are packages longer than the [\d.]+ h job$/,
    );
    // A job longer than a month buys whole months (1e11 tokens: months on one A100).
    const long = rankCandidates(lora, { tokens: 1e11 }, { ...ctx, offers: [offers[3]!] }, { gpuCounts: [1] });
    const monthly = long.candidates[0]!;
    expect(monthly.hours).toBeGreaterThan(720);
    expect(monthly.jobCost).toBe(6500 * Math.ceil(monthly.hours! / 720));
  });

  it("sorts by time with sort 'time' and filters by billing", () => {
    const { candidates } = rankCandidates(lora, { tokens: 1e7 }, ctx, {
      gpuCounts: [1, 2],
      sort: 'time',
      billing: 'hourly',
    });
    expect(candidates.every((c) => c.billing === 'hourly')).toBe(true);
    expect(ascending(candidates.map((c) => c.hours ?? 0))).toBe(true);
  });

  it('uses an instance price only for a whole instance', () => {
    const { candidates } = rankCandidates(lora, {}, ctx, { gpuCounts: [1, 8] });
    const instance = candidates.filter((c) => c.offerId === '4090-x8');
    expect(instance.map((c) => c.gpus)).toEqual([8]);
    expect(instance[0]?.pricePerGpuHour).toBe(1.75);
  });

  it('ranks inference by decode tokens/s with a bandwidth reason', () => {
    const input: EstimateInput = {
      model: 'llama-3.1-8b',
      method: 'inference',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 4096,
    };
    const { candidates } = rankCandidates(input, {}, ctx, { gpuCounts: [1] });
    expect(english(candidates.find((c) => c.card === 'rtx-4090')!.reason)).toBe('memory-bound: 1,008 GB/s');
  });

  it('ranks the seed offers in CNY without throwing', () => {
    const seeded = { ...ctx, offers: read<Offer[]>('offers.json') };
    const { candidates, excluded } = rankCandidates(lora, { tokens: 1e8 }, seeded);
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((c) => c.currency === 'CNY' && c.costPer1MTokens > 0)).toBe(true);
    expect(excluded.some((e) => e.card === 'a100-40gb' && /no offer in CNY/.test(english(e.reason)))).toBe(true);
  });
});

describe('rankCandidates where plain data parallel does not fit', () => {
  const full7b: EstimateInput = { model: 'llama-2-7b', method: 'full', precision: 'bf16', batchSize: 1, seqLen: 2048 };
  const memoryCtx = { presets, cards, headroomFraction: 0.1 };
  const perGpu = (input: EstimateInput) => estimateMemory(input, memoryCtx).perGpu.totalBytes;
  const usable = (cardId: string) => cards.find((c) => c.id === cardId)!.memoryGiB * 1024 ** 3 * 0.9;

  it('splits the training state with the first ZeRO stage that fits, and says so in the row and the assumptions', () => {
    const { candidates, excluded, assumptions } = rankCandidates(full7b, { tokens: 50e6 }, ctx, {
      gpuCounts: [1, 4, 8],
    });
    // One A100 80GB cannot hold 7B of full fine-tuning with plain data parallel on any count.
    expect(perGpu({ ...full7b, gpus: 4 })).toBeGreaterThan(usable('a100-80gb'));
    expect(excluded.find((e) => e.card === 'a100-80gb' && e.gpus === 1)).toBeDefined();
    const a100 = candidates.filter((c) => c.card === 'a100-80gb' && c.billing === 'hourly');
    expect(a100.map((c) => c.gpus).sort()).toEqual([4, 8]);
    for (const c of a100) {
      // ZeRO-2 fits 80 GB here, so ZeRO-3 (more communication) is not taken.
      expect(perGpu({ ...full7b, gpus: c.gpus, sharding: 'zero2' })).toBeLessThanOrEqual(usable('a100-80gb'));
      expect([c.sharding, c.shardedToFit]).toEqual(['zero2', true]);
      expect(c.memoryBytesPerGpu).toBe(perGpu({ ...full7b, gpus: c.gpus, sharding: 'zero2' }));
      expect(english(c.explain[0]!)).toMatch(
        new RegExp(
          `^split over ${c.gpus} GPUs with ZeRO-2: without sharding each GPU needs [\\d,.]+ GiB, more than the 72 GiB usable$`,
        ),
      );
    }
    expect(assumptions.map(english).join('\n')).toMatch(
      /the training state is split over them with DeepSpeed ZeRO-2 or ZeRO-3, as Hugging Face Trainer \+ PEFT can/,
    );
    // Said only of rows ranked: cards that fit split but have no offer leave no such row.
    const geforceOnly = { ...ctx, offers: offers.filter((o) => o.cardId.startsWith('rtx-')) };
    const none = rankCandidates(full7b, { tokens: 50e6 }, geforceOnly, { gpuCounts: [4, 8] });
    expect(none.candidates).toEqual([]);
    expect(none.excluded.some((e) => e.card === 'a100-80gb' && e.reason.code === 'rank.excluded.noOffer')).toBe(true);
    expect(none.assumptions.map(english).join('\n')).not.toMatch(/the training state is split/);
  });

  it('takes ZeRO-3 where ZeRO-2 does not fit (adapters: ZeRO-3 alone), and names it when even ZeRO-3 does not', () => {
    const full13b: EstimateInput = { ...full7b, model: 'llama-2-13b' };
    const h20 = rankCandidates(full13b, {}, ctx, { gpuCounts: [4] }).candidates.find((c) => c.card === 'h20-96gb');
    expect(perGpu({ ...full13b, gpus: 4, sharding: 'zero2' })).toBeGreaterThan(usable('h20-96gb'));
    expect([h20?.sharding, h20?.shardedToFit]).toEqual(['zero3', true]);

    // LoRA and QLoRA train adapters alone, whose gradients and optimizer states ZeRO-2 would split: ZeRO-3 is tried.
    const qlora70b: EstimateInput = { model: 'llama-3.1-70b', method: 'qlora', batchSize: 1, seqLen: 1024 };
    const r4090 = rankCandidates(qlora70b, {}, ctx, { gpuCounts: [4] }).candidates.find((c) => c.card === 'rtx-4090');
    expect([r4090?.sharding, r4090?.shardedToFit]).toEqual(['zero3', true]);

    const { excluded } = rankCandidates(full7b, {}, ctx, { gpuCounts: [4] });
    expect(english(excluded.find((e) => e.card === 'rtx-4090')!.reason)).toMatch(
      /^does not fit even with ZeRO-3: needs [\d,.]+ GiB of 24 \(21\.6 usable with 10% headroom; [\d,.]+ GiB without sharding\)$/,
    );
  });

  it('splits with FSDP where the framework shards that way (torchtune, LitGPT)', () => {
    for (const framework of ['torchtune', 'litgpt'] as const) {
      const full13b: EstimateInput = { ...full7b, model: 'llama-2-13b', framework };
      expect(perGpu({ ...full13b, gpus: 8 })).toBeGreaterThan(usable('a100-80gb'));
      const { candidates, assumptions } = rankCandidates(full13b, {}, ctx, { gpuCounts: [8] });
      const a100 = candidates.find((c) => c.card === 'a100-80gb');
      expect([a100?.sharding, a100?.shardedToFit]).toEqual(['fsdp', true]);
      expect(candidates.some((c) => c.sharding === 'zero2' || c.sharding === 'zero3')).toBe(false);
      expect(assumptions.map(english).join('\n')).toMatch(/split over them with FSDP, as (torchtune|LitGPT) does/);
    }
  });

  it('keeps a sharding the set-up chose, never shards what fits, one GPU or inference', () => {
    const chosen = rankCandidates({ ...full7b, framework: 'deepspeed-zero3' }, {}, ctx, { gpuCounts: [8] });
    expect(chosen.candidates.length).toBeGreaterThan(0);
    expect(chosen.candidates.every((c) => c.sharding === 'zero3' && !c.shardedToFit)).toBe(true);
    expect(chosen.assumptions.map(english).join('\n')).not.toMatch(/the training state is split/);

    const fits = rankCandidates(lora, {}, ctx, { gpuCounts: [1, 8] }).candidates;
    expect(fits.every((c) => c.sharding === 'none' && !c.shardedToFit)).toBe(true);

    // A GPTQ base: neither DeepSpeed's nor FSDP's QLoRA path splits one.
    const gptq = rankCandidates(
      { ...full7b, model: 'llama-3.1-70b', method: 'lora', precision: 'int4', quant: 'gptq' },
      {},
      ctx,
      {
        gpuCounts: [8],
      },
    );
    expect(gptq.candidates.some((c) => c.shardedToFit)).toBe(false);
    expect(gptq.excluded.every((e) => e.reason.code !== 'rank.excluded.noFitSharded')).toBe(true);

    const infer = rankCandidates({ model: 'llama-3.1-70b', method: 'inference' }, {}, ctx, { gpuCounts: [1, 2, 4, 8] });
    expect(infer.candidates.every((c) => c.sharding === 'none' && !c.shardedToFit)).toBe(true);
  });
});

describe('rankCandidates with calibration', () => {
  it('applies per-card corrections to memory (fit) and speed (cost), and says so', () => {
    const raw = rankCandidates(lora, {}, ctx, { gpuCounts: [1] });
    const raw4090 = raw.candidates.find((c) => c.offerId === '4090-h')!;
    const corrected = rankCandidates(lora, {}, ctx, {
      gpuCounts: [1],
      correction: (card) =>
        card.id === 'rtx-4090'
          ? { memoryFactor: 1, speedFactor: 2, runs: 4 }
          : card.id === 'rtx-3090'
            ? { memoryFactor: 100, speedFactor: 1, runs: 4 }
            : null,
    });
    const fast4090 = corrected.candidates.find((c) => c.offerId === '4090-h')!;
    expect(fast4090.tokensPerSecond).toBeCloseTo(2 * raw4090.tokensPerSecond, 6);
    expect(fast4090.costPer1MTokens).toBeCloseTo(raw4090.costPer1MTokens / 2, 4);
    expect(fast4090.explain.some((line) => english(line).startsWith('calibrated on 4 logged runs'))).toBe(true);
    expect(corrected.candidates.some((c) => c.card === 'rtx-3090')).toBe(false);
    expect(english(corrected.excluded.find((e) => e.card === 'rtx-3090')!.reason)).toMatch(/^does not fit/);
  });
});
