import { cardIdSchema, currencySchema, type Currency } from '../../../src-main/domain/catalog';

/** What another page can prefill on Plan through the address (`#/plan?card=…`). */
export interface PlanLink {
  card?: string;
  gpus?: number;
  provider?: string;
  currency?: Currency;
  /** Compute hours of the job on this set-up. */
  hours?: number;
}

/** `#/plan?card=rtx-4090&gpus=1&provider=AutoDL&currency=CNY&hours=14.2`; absent fields are left out. */
export function planHref(link: PlanLink): string {
  const params = new URLSearchParams();
  if (link.card) params.set('card', link.card);
  if (link.gpus !== undefined) params.set('gpus', String(link.gpus));
  if (link.provider) params.set('provider', link.provider);
  if (link.currency) params.set('currency', link.currency);
  // Two decimals are 36 seconds: finer than any estimate of a job's length.
  if (link.hours !== undefined) params.set('hours', String(Math.round(link.hours * 100) / 100));
  const query = params.toString();
  return query ? `#/plan?${query}` : '#/plan';
}

/** Reads a Plan link from a hash; values that make no sense are dropped, never guessed. */
export function parsePlanLink(hash: string): PlanLink {
  const at = hash.indexOf('?');
  if (at < 0) return {};
  const params = new URLSearchParams(hash.slice(at + 1));
  const link: PlanLink = {};
  const card = params.get('card')?.trim();
  if (card && cardIdSchema.safeParse(card).success) link.card = card;
  const gpus = Number(params.get('gpus'));
  if (Number.isInteger(gpus) && gpus >= 1 && gpus <= 64) link.gpus = gpus;
  const provider = params.get('provider')?.trim();
  if (provider) link.provider = provider.slice(0, 80);
  const currency = currencySchema.safeParse(params.get('currency')?.toUpperCase());
  if (currency.success) link.currency = currency.data;
  const hoursText = params.get('hours');
  const hours = Number(hoursText);
  if (hoursText && Number.isFinite(hours) && hours > 0 && hours <= 100_000) link.hours = hours;
  return link;
}
