import type { Billing, Currency, Offer } from '../catalog';
import { convertOffer } from '../cost/rank';
import { costPer1kSamples, costPer1MTokens, offerPricePerGpuHour } from '../cost/unit-cost';

/** What serving costs under one offer, in the ranking currency. */
export interface ServeOfferCost {
  offerId: string;
  provider: string;
  billing: Billing;
  currency: Currency;
  pricePerGpuHour: number;
  /** Output tokens per second paid for: the server's capacity × the target utilization. */
  servedTokensPerSecond: number;
  costPer1MOutputTokens: number;
  costPer1kRequests: number;
  /** The offer's own currency when it was converted, else null. */
  convertedFrom: Currency | null;
}

/**
 * The cost of serving on `gpus` cards under each offer of the card, with the training ranking's billing logic
 * (domain/cost: price per GPU-hour of hourly, spot and package offers; offers in the other currency converted
 * with the settings' rate or left out). A server is paid for every hour but busy only `utilization` of them:
 * cost per 1M output tokens = 10⁶ · price · n ÷ (3600 · capacity tokens/s · utilization); per 1k requests
 * likewise with output tokens per request.
 */
export function serveOfferCosts(
  offers: readonly Offer[],
  gpus: number,
  capacityOutputTokensPerSecond: number,
  outputTokensPerRequest: number,
  utilization: number,
  currency: Currency,
  usdPerCny: number | undefined,
): ServeOfferCost[] {
  const served = capacityOutputTokensPerSecond * utilization;
  if (!(served > 0)) return [];
  const costs: ServeOfferCost[] = [];
  for (const offer of offers) {
    if (gpus % offer.gpusPerPrice !== 0) continue;
    const converted = convertOffer(offer, currency, usdPerCny);
    if (!converted) continue;
    const pricePerGpuHour = offerPricePerGpuHour(converted);
    costs.push({
      offerId: offer.id,
      provider: offer.provider,
      billing: offer.billing,
      currency,
      pricePerGpuHour,
      servedTokensPerSecond: served,
      costPer1MOutputTokens: costPer1MTokens(pricePerGpuHour, gpus, served),
      costPer1kRequests: costPer1kSamples(pricePerGpuHour, gpus, served, outputTokensPerRequest),
      convertedFrom: offer.currency === currency ? null : offer.currency,
    });
  }
  return costs.sort((a, b) => a.costPer1MOutputTokens - b.costPer1MOutputTokens || a.offerId.localeCompare(b.offerId));
}
