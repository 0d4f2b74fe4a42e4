import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import type { EstimateInput } from '../estimate/input';
import { estimateMemory } from '../estimate/memory';
import { largestBatch } from '../estimate/solve';
import { calibratedEstimate } from './calibrated-estimate';
import type { CalibrationRun } from './types';
import type { CalibrationValidation } from './groups';

/** Every group on, a prior worth 3 runs: these tests are about the mechanics, not the shipped table (validated.ts). */
const ALL_ON: CalibrationValidation = { priorRuns: 3, groups: {} };

const cards = readDataFile<Card[]>('cards.json');
const presets = readDataFile<ModelPreset[]>('models.json');
const rtx4090 = cards.find((card) => card.id === 'rtx-4090')!;
const GIB = 2 ** 30;

const lora: EstimateInput = { model: 'llama-3.2-3b', method: 'lora', precision: 'bf16', batchSize: 1, seqLen: 2048 };
const raw = estimateMemory(lora, { presets, cards, headroomFraction: 0.1 });

/** A run of exactly this configuration on a 4090 that used 1.4× the predicted memory and ran at 0.8× the speed. */
function measured(id: string): CalibrationRun {
  return {
    id,
    origin: 'mine',
    card: 'rtx-4090',
    gpus: 1,
    config: lora,
    measuredMemoryBytes: 1.4 * raw.perGpu.totalBytes,
    memoryMeter: 'nvidia-smi',
    measuredTokensPerSecond: 800,
    predictedMemoryBytes: { totalBytes: raw.perGpu.totalBytes, allocatedBytes: raw.perGpu.allocatedBytes },
    predictedTokensPerSecond: 1000,
    outcome: 'ok',
  };
}
const runs = Array.from({ length: 6 }, (_, i) => measured(`r${i}`));

describe('calibratedEstimate', () => {
  it('with calibration off, is the raw estimate: needed = total, same verdicts, no calibration block', () => {
    const result = calibratedEstimate(lora, rtx4090, { presets, cards, headroomFraction: 0.1, runs: null });
    expect(result.calibration).toBeUndefined();
    expect(result.calibrated).toBeUndefined();
    for (const fit of result.fits) {
      const before = raw.fits.find((f) => f.card === fit.card)!;
      expect(fit.neededBytes).toBe(raw.perGpu.totalBytes);
      expect(fit.fits).toBe(before.fits);
      expect(fit.calibrationRuns).toBe(0);
    }
    const on4090 = result.fits.find((f) => f.card === 'rtx-4090')!;
    expect(on4090.largestBatch).toBe(largestBatch(lora, rtx4090, { presets, cards, headroomFraction: 0.1 }));
  });

  it('corrects only the card family the runs were logged on, and its verdict follows the corrected need', () => {
    const result = calibratedEstimate(lora, rtx4090, {
      presets,
      cards,
      headroomFraction: 0.1,
      runs,
      validation: ALL_ON,
    });
    const on4090 = result.fits.find((f) => f.card === 'rtx-4090')!;
    const factor = result.calibration!.memoryFactor;
    // Six runs at 1.4× against a prior worth 3: ln f = 6·ln 1.4 / 9, so f ≈ 1.25 (between 1 and 1.4).
    expect(factor).toBeCloseTo(Math.exp((6 * Math.log(1.4)) / 9), 6);
    expect(on4090.neededBytes).toBeCloseTo(raw.perGpu.totalBytes * factor, 0);
    expect(on4090.calibrationRuns).toBe(6);
    expect(on4090.fits).toBe(on4090.neededBytes <= rtx4090.memoryGiB * GIB * 0.9);
    // The corrected card holds a smaller batch than the raw one.
    const rawBatch = largestBatch(lora, rtx4090, { presets, cards, headroomFraction: 0.1 });
    expect(on4090.largestBatch).toBeLessThan(rawBatch);
    const a100 = result.fits.find((f) => f.card === 'a100-80gb')!;
    expect(a100.calibrationRuns).toBe(0);
    expect(a100.neededBytes).toBe(raw.perGpu.totalBytes);
  });

  it('corrects the named card’s speed by the speed factor, and says which card the block is for', () => {
    const result = calibratedEstimate(lora, rtx4090, {
      presets,
      cards,
      headroomFraction: 0.1,
      runs,
      validation: ALL_ON,
    });
    expect(result.speed?.kind).toBe('train');
    if (result.speed?.kind !== 'train') return;
    expect(result.calibration).toMatchObject({ card: 'rtx-4090', runs: 6, mine: 6, published: 0 });
    expect(result.calibration!.speedFactor).toBeLessThan(1);
    expect(result.calibrated!.tokensPerSecond).toBeCloseTo(
      result.speed.tokensPerSecond * result.calibration!.speedFactor,
      6,
    );
    expect(result.calibrated!.totalBytes).toBeCloseTo(raw.perGpu.totalBytes * result.calibration!.memoryFactor, 0);
  });

  it('without a named card has no speed and no calibration block, but still corrects every fit', () => {
    const result = calibratedEstimate({ ...lora, gpu: undefined }, undefined, {
      presets,
      cards,
      headroomFraction: 0.1,
      runs,
      validation: ALL_ON,
    });
    expect(result.speed).toBeUndefined();
    expect(result.calibration).toBeUndefined();
    expect(result.fits.find((f) => f.card === 'rtx-4090')!.calibrationRuns).toBe(6);
  });
});

describe('the verdict on every card', () => {
  it('is tight exactly where the card’s memory falls inside the interval around its need', () => {
    const result = calibratedEstimate(lora, rtx4090, { presets, cards, headroomFraction: 0.1, runs: null });
    expect(result.memoryInterval.lowBytes).toBeLessThan(result.perGpu.totalBytes);
    expect(result.memoryInterval.highBytes).toBeGreaterThan(result.perGpu.totalBytes);
    for (const fit of result.fits) {
      const capacity = cards.find((c) => c.id === fit.card)!.memoryGiB * GIB;
      const expected = !fit.fits ? 'no' : capacity < fit.neededInterval.highBytes ? 'tight' : 'fits';
      expect([fit.card, fit.verdict]).toEqual([fit.card, expected]);
    }
  });
});
