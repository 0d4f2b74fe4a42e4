import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { english } from '../messages';
import { fitChanges } from './fit-changes';
import { fitRows } from './fit-rows';

const cards = readDataFile<Card[]>('cards.json');
const presets = readDataFile<ModelPreset[]>('models.json');
const card = (id: string) => cards.find((c) => c.id === id)!;
const ctx = { presets, cards };

describe('fitChanges: what would make it fit', () => {
  it('says nothing needs to change when the configuration fits', () => {
    const advice = fitChanges({ model: 'llama-3.2-1b', method: 'qlora' }, card('rtx-4090'), ctx);
    expect(advice.fits).toBe(true);
    expect(advice.changes).toEqual([]);
  });

  it('LoRA on a 7B model at batch 4 × 2048 on a 24 GB card: every listed change fits, cheapest first', () => {
    const advice = fitChanges(
      { model: 'llama-2-7b', method: 'lora', batchSize: 4, seqLen: 2048 },
      card('rtx-4090'),
      ctx,
    );
    expect(advice.fits).toBe(false);
    expect(advice.changes.length).toBeGreaterThan(2);
    for (const change of advice.changes) {
      expect(change.fits).toBe(true);
      expect(change.totalBytes).toBeLessThanOrEqual(advice.usableBytes);
    }
    const costs = advice.changes.map((c) => c.gpuHoursFactor ?? Infinity);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    const codes = advice.changes.map((c) => c.change.code);
    expect(codes).toContain('fit.gradientCheckpointing');
    expect(codes).toContain('fit.qlora');
  });

  it('gradient checkpointing costs one extra forward: 4/3 of full training\'s 6P, 6/4 of LoRA\'s 4P (DESIGN "Estimating speed")', () => {
    const lora = fitChanges({ model: 'llama-2-7b', method: 'lora', batchSize: 4, seqLen: 2048 }, card('rtx-4090'), ctx);
    const checkpointing = lora.changes.find((c) => c.change.code === 'fit.gradientCheckpointing')!;
    // Margin ±0.1: per-step fixed costs (launches, optimizer step) dilute the 1.5 a little, never add to it.
    expect(checkpointing.timeFactor).toBeGreaterThan(1.4);
    expect(checkpointing.timeFactor).toBeLessThanOrEqual(1.5 + 1e-9);
  });

  it('full fine-tuning of a 7B model on one 24 GB card: QLoRA fits, checkpointing alone never does (16 B/param of state)', () => {
    const advice = fitChanges({ model: 'llama-2-7b', method: 'full' }, card('rtx-4090'), ctx);
    const codes = advice.changes.map((c) => c.change.code);
    expect(codes).not.toContain('fit.gradientCheckpointing');
    expect(codes).toContain('fit.qlora');
    const sharded = advice.changes.filter((c) => c.change.code === 'fit.zero3');
    // One ZeRO-3 entry at most: the fewest cards that fit.
    expect(sharded.length).toBeLessThanOrEqual(1);
    for (const change of advice.changes)
      expect(change.tradeOff === null || typeof english(change.tradeOff) === 'string').toBe(true);
  });

  it('splitting: the fewest cards that fit, ZeRO-2 before ZeRO-3 for full fine-tuning, FSDP for torchtune, never a GPTQ base', () => {
    const advice = fitChanges({ model: 'llama-2-7b', method: 'full' }, card('a100-80gb'), ctx);
    const split = advice.changes.filter((c) => c.change.code === 'fit.zero2' || c.change.code === 'fit.zero3');
    expect(split.map((c) => english(c.change))).toEqual(['ZeRO-2 over 4 cards']);
    // Neither splits two cards enough, and ZeRO-2 does four: ZeRO-3 over four is not listed beside it.
    const peakOf = (sharding: 'zero2' | 'zero3', gpus: number) =>
      fitChanges({ model: 'llama-2-7b', method: 'full', sharding, gpus }, card('a100-80gb'), ctx);
    expect([peakOf('zero2', 2).fits, peakOf('zero3', 2).fits, peakOf('zero2', 4).fits]).toEqual([false, false, true]);
    // LoRA splits with ZeRO-3 alone; a framework with its own FSDP loop (torchtune) with FSDP.
    const lora = fitChanges({ model: 'llama-3.1-70b', method: 'lora' }, card('a100-80gb'), ctx);
    expect(lora.changes.some((c) => c.change.code === 'fit.zero2')).toBe(false);
    const torchtune = fitChanges(
      { model: 'llama-2-13b', method: 'full', framework: 'torchtune' },
      card('a100-80gb'),
      ctx,
    );
    const fsdp = torchtune.changes.filter((c) => c.change.code === 'fit.zero2' || c.change.code === 'fit.zero3');
    expect(fsdp.map((c) => [c.change.code, c.input.sharding])).toEqual([['fit.zero3', 'fsdp']]);
    // A GPTQ base is never split (PEFT splits a 4-bit base only as bitsandbytes stores it).
    const gptq = fitChanges(
      {
        model: 'llama-3.1-70b',
        method: 'lora',
        precision: 'int4',
        quant: 'gptq',
        seqLen: 512,
        gradientCheckpointing: true,
      },
      card('rtx-4090'),
      ctx,
    );
    expect(gptq.changes.some((c) => c.change.code === 'fit.zero2' || c.change.code === 'fit.zero3')).toBe(false);
  });

  it('inference of a 70B model on one 80 GB card: quantized weights or a split', () => {
    const advice = fitChanges({ model: 'llama-3.1-70b', method: 'inference', seqLen: 8192 }, card('a100-80gb'), ctx);
    const codes = advice.changes.map((c) => c.change.code);
    expect(codes).toEqual(expect.arrayContaining(['fit.int4Weights', 'fit.splitInference']));
  });

  it('inference of a 70B model on one 24 GB card: a change to the model is listed only where it saves GPU-hours', () => {
    const advice = fitChanges({ model: 'llama-3.1-70b', method: 'inference' }, card('rtx-4090'), ctx);
    const split = advice.changes.find((c) => c.change.code === 'fit.splitInference')!;
    expect(split.tradeOff).toBeNull();
    // 4-bit weights on two cards: a quarter of the split's GPU-hours. An fp8 KV cache on the split's eight cards saves
    // next to nothing, so it is not offered.
    expect(advice.completed.length).toBeGreaterThan(0);
    for (const change of advice.completed) {
      expect(change.gpuHoursFactor!).toBeLessThanOrEqual(split.gpuHoursFactor! * 0.95);
    }
    expect(advice.completed.map((c) => english(c.change))).not.toContainEqual(expect.stringMatching(/fp8 KV/));
  });

  it('Llama 2 13B LoRA on a 24 GB card (HF Trainer + PEFT): QLoRA alone is not enough, with what it needs it is the cheapest', () => {
    // As the Estimate page asks it (estimate-form.ts, its defaults with this model): mixed precision, no checkpointing.
    const input = {
      model: 'llama-2-13b',
      method: 'lora',
      framework: 'hf-trainer-peft',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
      mixedPrecision: true,
      gradientCheckpointing: false,
      lora: { rank: 16, targets: 'attention', dropout: 0 },
    } as const;
    const advice = fitChanges(input, card('rtx-4090'), ctx);
    expect(advice.fits).toBe(false);
    expect(advice.changes.map((c) => c.change.code)).not.toContain('fit.qlora');
    const qlora = advice.completed.find((c) => english(c.change).startsWith('together: QLoRA'));
    expect(qlora).toBeDefined();
    // It fits one card, keeps what the job-keeping steps keep, and says what QLoRA gives up.
    expect(qlora!).toMatchObject({ fits: true, gpus: 1, input: { method: 'qlora', precision: 'int4' } });
    expect(qlora!.totalBytes).toBeLessThanOrEqual(advice.usableBytes);
    expect(english(qlora!.tradeOff!)).toMatch(/4-bit base/);
    // In one list with the rest, cheapest first, it comes before the combination that keeps the job on 8 cards.
    const rows = fitRows(advice);
    expect(rows[0]).toBe(qlora);
    const costs = rows.map((c) => c.gpuHoursFactor ?? Infinity);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(advice.combined?.gpus).toBeGreaterThan(1);
  });

  it('full fine-tuning of a 32B model on 24 GB cards: no single change is enough, a combination is', () => {
    const advice = fitChanges(
      { model: 'qwen2.5-32b', method: 'full', batchSize: 4, seqLen: 4096 },
      card('rtx-4090'),
      ctx,
    );
    expect(advice.changes).toEqual([]);
    expect(advice.combined).toMatchObject({ fits: true, change: { code: 'fit.combined' } });
    expect(advice.combined!.totalBytes).toBeLessThanOrEqual(advice.usableBytes);
    // It keeps the run as asked: still full fine-tuning of the same model, on more cards.
    expect(advice.combined!.input).toMatchObject({ model: 'qwen2.5-32b', method: 'full', seqLen: 4096 });
    // One ZeRO-3 step at most in the words, however many the search tried.
    expect(english(advice.combined!.change).match(/ZeRO-3/g)?.length).toBe(1);
  });
});
