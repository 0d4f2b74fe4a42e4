import type { Billing, Offer } from '../catalog';
import { HOURS_PER_MONTH } from './defaults';

/** Hours in each billing period. A month is 730 h, as in article 001 §1.1 (8×730 = 5,840 card-hours). */
export const PERIOD_HOURS: Record<Billing, number> = {
  hourly: 1,
  spot: 1,
  daily: 24,
  weekly: 168,
  monthly: HOURS_PER_MONTH,
};

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
  // Strip float noise before rounding up, so 2 h billed per hour stays 2, not 3.
  const units = Math.ceil(Number((hours / unit).toPrecision(12)));
  return units * unit;
}

/** Price of the offer's period for `gpuCount` GPUs (offers may price a whole multi-GPU instance). */
export function periodPriceFor(offer: Offer, gpuCount: number): number {
  return (offer.price / offer.gpusPerPrice) * gpuCount;
}
