import type { Billing, Offer } from '../catalog';
import { ceilClean } from '../cost/money';
import { BILLING_PERIOD_HOURS } from '../cost/unit-cost';
import { HOURS_PER_MONTH } from './defaults';

/**
 * Hours in each billing period: the cost module's table, except that the planner's month is 730 h, as in
 * article 001 §1.1 (8×730 = 5,840 card-hours), where the cost module counts 包月 as 30 days (720 h).
 */
export const PERIOD_HOURS: Record<Billing, number> = { ...BILLING_PERIOD_HOURS, monthly: HOURS_PER_MONTH };

const GRANULARITY_HOURS: Record<Offer['granularity'], number> = {
  second: 1 / 3600,
  minute: 1 / 60,
  hour: 1,
};

/**
 * Hours a provider bills for one continuous session of `hours`: per second, per minute, or
 * every started hour ("不满一小时按一小时算", article 000 §2.1).
 */
export function billedHours(hours: number, granularity: Offer['granularity']): number {
  if (hours <= 0) return 0;
  const unit = GRANULARITY_HOURS[granularity];
  // Float noise must not start another unit: 2 h billed per hour stays 2, not 3.
  return ceilClean(hours / unit) * unit;
}

/** Price of the offer's period for one GPU (offers may price a whole multi-GPU instance). */
export function pricePerGpu(offer: Pick<Offer, 'price' | 'gpusPerPrice'>): number {
  return offer.price / offer.gpusPerPrice;
}

/** Price of the offer's period for `gpuCount` GPUs. */
export function periodPriceFor(offer: Offer, gpuCount: number): number {
  return pricePerGpu(offer) * gpuCount;
}
