import type { Offer } from '../catalog';
import { msg, type Message } from '../messages';
import { ceilClean, roundMoney } from './money';
import { BILLING_PERIOD_HOURS, offerPricePerGpuHour } from './unit-cost';

/** What the user wants done: tokens to process (dataset tokens, or tokens to generate) and epochs. */
export interface Workload {
  tokens?: number;
  epochs?: number;
  tokensPerSample?: number;
}

/** Tokens the job processes: tokens × epochs (epochs default to 1); null without a token count. */
export function jobTokens(workload: Workload): number | null {
  if (workload.tokens === undefined || !(workload.tokens > 0)) return null;
  return workload.tokens * (workload.epochs ?? 1);
}

/** Wall-clock hours: tokens ÷ tokens per second ÷ 3600. */
export function jobHours(tokens: number, tokensPerSecond: number): number {
  if (!(tokensPerSecond > 0)) throw new RangeError('tokensPerSecond must be positive');
  return tokens / tokensPerSecond / 3600;
}

export interface JobCost {
  cost: number;
  /** Hours paid for: rounded up to the billing granularity, or whole packages × period hours. */
  billedHours: number;
  /** Packages bought (daily/weekly/monthly), else null. */
  packages: number | null;
  explain: Message;
}

/**
 * Money for a job of `hours` on `gpus` cards under an offer. Hourly/spot: time rounded up to the offer's
 * granularity (second, minute or started hour) × price per GPU-hour × n. Packages: whole periods started
 * (ceil(hours ÷ period)) × price × n ÷ GPUs in the price.
 */
export function jobCost(offer: Offer, gpus: number, hours: number): JobCost {
  const currency = offer.currency;
  const periodHours = BILLING_PERIOD_HOURS[offer.billing];
  if (periodHours > 1) {
    const packages = Math.max(1, ceilClean(hours / periodHours));
    const cost = roundMoney((packages * offer.price * gpus) / offer.gpusPerPrice, currency);
    return {
      cost,
      billedHours: packages * periodHours,
      packages,
      explain: msg('job.explain.package', {
        packages,
        billing: msg(`word.billing.${offer.billing}`),
        price: offer.price,
        currency,
        gpus,
        gpusPerPrice: offer.gpusPerPrice,
        cost,
      }),
    };
  }
  const unitsPerHour = offer.granularity === 'second' ? 3600 : offer.granularity === 'minute' ? 60 : 1;
  const billedHours = ceilClean(hours * unitsPerHour) / unitsPerHour;
  const rate = offerPricePerGpuHour(offer);
  const cost = roundMoney(billedHours * rate * gpus, currency);
  return {
    cost,
    billedHours,
    packages: null,
    explain: msg('job.explain.hourly', {
      hours: billedHours,
      unit: msg(`word.unit.${offer.granularity}`),
      rate,
      currency,
      gpus,
      cost,
    }),
  };
}
