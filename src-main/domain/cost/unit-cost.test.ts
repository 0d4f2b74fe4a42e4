import { describe, expect, it } from 'vitest';
import { testOffer } from './offer.testkit';
import { costPer1kSamples, costPer1MTokens, offerPricePerGpuHour } from './unit-cost';

const offer = testOffer;

describe('unit costs', () => {
  it('¥1.98/h at 2,000 tokens/s costs ¥0.275 per 1M tokens (10⁶·1.98 / (3600·2000))', () => {
    expect(costPer1MTokens(1.98, 1, 2000)).toBe(0.275);
  });

  it('n GPUs at n× the throughput cost the same per token', () => {
    expect(costPer1MTokens(1.98, 4, 8000)).toBe(0.275);
  });

  it('cost per 1k samples of 500 tokens: 2,000 tokens/s = 4 samples/s → 1.98 × 1000 / (3600 × 4) = ¥0.1375', () => {
    expect(costPer1kSamples(1.98, 1, 2000, 500)).toBe(0.1375);
  });

  it('rejects a zero throughput', () => {
    expect(() => costPer1MTokens(1, 1, 0)).toThrow(RangeError);
  });

  it('price per GPU-hour: hourly and spot per GPU in the price; packages at 100% use', () => {
    expect(offerPricePerGpuHour(offer({ price: 2.4 }))).toBe(2.4);
    expect(offerPricePerGpuHour(offer({ billing: 'spot', price: 16, gpusPerPrice: 8 }))).toBe(2);
    expect(offerPricePerGpuHour(offer({ billing: 'daily', price: 48 }))).toBe(2);
    expect(offerPricePerGpuHour(offer({ billing: 'weekly', price: 336, gpusPerPrice: 2 }))).toBe(1);
    // ¥6,500 a month (article 004 §2.2 A100 包月 midpoint, docs/sources.md) = 6500 / 720 h = ¥9.027778 per hour
    expect(offerPricePerGpuHour(offer({ billing: 'monthly', price: 6500 }))).toBeCloseTo(9.027778, 6);
  });
});
