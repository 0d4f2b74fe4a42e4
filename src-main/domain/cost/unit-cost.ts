import type { Billing, Offer } from '../catalog';
import { cleanUnitPrice } from './money';

/** Hours in one billing period; a month is 30 days, as Chinese rental platforms count 包月. */
export const BILLING_PERIOD_HOURS: Record<Billing, number> = {
  hourly: 1,
  spot: 1,
  daily: 24,
  weekly: 168,
  monthly: 720,
};

/**
 * Price of one GPU for one hour under an offer. Hourly/spot: price ÷ GPUs in the price. Packages:
 * price ÷ hours in the period ÷ GPUs, i.e. the equivalent hourly rate at 100% use.
 */
export function offerPricePerGpuHour(offer: Pick<Offer, 'billing' | 'price' | 'gpusPerPrice'>): number {
  return cleanUnitPrice(offer.price / BILLING_PERIOD_HOURS[offer.billing] / offer.gpusPerPrice);
}

/** Cost of 1M tokens: 10⁶ · price per GPU-hour · n ÷ (3600 · total tokens/s) (DESIGN.md "Cost"). */
export function costPer1MTokens(pricePerGpuHour: number, gpus: number, tokensPerSecond: number): number {
  if (!(tokensPerSecond > 0)) throw new RangeError('tokensPerSecond must be positive');
  return cleanUnitPrice((1e6 * pricePerGpuHour * gpus) / (3600 * tokensPerSecond));
}

/** Cost of 1,000 samples: samples/s = tokens/s ÷ tokens per sample. */
export function costPer1kSamples(
  pricePerGpuHour: number,
  gpus: number,
  tokensPerSecond: number,
  tokensPerSample: number,
): number {
  if (!(tokensPerSecond > 0) || !(tokensPerSample > 0))
    throw new RangeError('tokensPerSecond and tokensPerSample must be positive');
  const samplesPerSecond = tokensPerSecond / tokensPerSample;
  return cleanUnitPrice((1e3 * pricePerGpuHour * gpus) / (3600 * samplesPerSecond));
}
