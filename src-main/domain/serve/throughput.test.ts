import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { FITTED } from '../estimate/fitted-constants';
import { engineSetup, settleServeInput } from './input';
import { stepModel } from './throughput';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = new Map(readDataFile<Card[]>('cards.json').map((c) => [c.id, c]));
const traffic = { promptTokens: 1024, outputTokens: 128 };

function steps(cardId: string, gpus = 1, model = 'llama-3.1-8b') {
  const card = cards.get(cardId)!;
  const settled = settleServeInput({ model, maxModelLen: 8192 }, presets);
  return stepModel(settled.model, model, card, engineSetup(settled, card, gpus), traffic);
}

describe('decode under load, from the estimator decode model', () => {
  it('one sequence of Llama 3.1 8B on an A100 80GB streams its weights and KV once per step (hand-computed)', () => {
    // Linear weights + LM head, 16-bit: (8,030,261,248 − 128,256 × 4096 input embedding) × 2 B = 15,009,849,344 B;
    // KV at the mean context 1024 + 128/2 = 1088 tokens: 131,072 B × 1088 = 142,606,336 B; read at 2039 GB/s × the
    // fitted HBM decode efficiency; CUDA graphs: no per-layer launch time.
    const bytes = 15_009_849_344 + 131_072 * 1088;
    const expected = bytes / (2039e9 * FITTED.decodeBandwidthEfficiencyHbm);
    // Norm weights are read too (≈ 0.3 MB): within 1%.
    expect(steps('a100-80gb').stepSeconds(1) / expected).toBeGreaterThan(0.99);
    expect(steps('a100-80gb').stepSeconds(1) / expected).toBeLessThan(1.01);
    expect(steps('a100-80gb').bound(1)).toBe('memory');
  });

  it('batching amortises the weights: tokens/s grow with the batch until compute bounds the step', () => {
    const s = steps('a100-80gb');
    const rate = (b: number) => b / s.stepSeconds(b);
    expect(rate(8)).toBeGreaterThan(6 * rate(1));
    expect(rate(256)).toBeGreaterThan(rate(64));
    expect(s.bound(1024)).toBe('compute');
  });

  it('prefill is compute-bound: 2·P FLOPs per token plus attention at the fitted efficiency', () => {
    const s = steps('a100-80gb');
    // 2 × 8,030,261,248 − the embedding lookup… within 10% of 312 TFLOPS × efficiency ÷ 2·P.
    const rough = (312e12 * FITTED.prefillEfficiency) / (2 * 8_030_261_248);
    expect(s.prefillTokensPerSecond / rough).toBeGreaterThan(0.9);
    expect(s.prefillTokensPerSecond / rough).toBeLessThan(1.2);
  });

  it('tensor parallel says its link: NVLink on SXM A100s, PCIe on RTX 4090s (no NVLink)', () => {
    expect(steps('a100-80gb', 2).link?.code).toBe('speed.link.nvlink');
    expect(steps('rtx-4090', 2).link?.code).toBe('speed.link.pcie');
    expect(steps('a100-80gb', 1).link).toBeNull();
  });

  it('two A100s over NVLink decode a batch faster than one; all-reduces cost more over PCIe than NVLink', () => {
    expect(steps('a100-80gb', 2).stepSeconds(32)).toBeLessThan(steps('a100-80gb', 1).stepSeconds(32));
    // Same card family, PCIe form factor at 4 GPUs talks over PCIe (no NVLink bridge across four).
    const nvlink = steps('a100-80gb', 4).stepSeconds(64) * 2039;
    const pcie = steps('a100-80gb-pcie', 4).stepSeconds(64) * 1935;
    expect(pcie).toBeGreaterThan(nvlink);
  });
});
