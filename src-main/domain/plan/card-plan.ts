import { z } from 'zod';
import { cardIdSchema, currencySchema, type Currency, type Offer } from '../catalog';
import { InputError } from '../errors';
import { msg, ruleIssue } from '../messages';
import { costVsJobLength, type CostVsJobLength } from './cost-series';
import { extrasSchema, spotSettingsSchema } from './input';
import { planJob } from './job-plan';
import type { JobPlan, PlanOption } from './output';

/** `plan:compute`: one card and GPU count, the job's compute hours, and the costs around the run. */
export const planRequestSchema = z
  .object({
    card: cardIdSchema,
    gpus: z.number().int().min(1).max(64).default(1),
    /** Only this provider's offers; all providers of the card when absent. */
    provider: z.string().min(1).max(80).optional(),
    currency: currencySchema.optional(),
    /** Hours of compute the job needs on this set-up (from the ranking, or the user's own figure). */
    computeHours: z.number().positive().max(100_000),
    /**
     * Where the compute hours likely lie when they come from an estimate: at the fast and slow ends of its speed's
     * held-out range (the ranking's hoursLikely). Each option is priced at both ends too (likelyTotal).
     */
    computeHoursLikely: z
      .object({ fast: z.number().positive().max(100_000), slow: z.number().positive().max(100_000) })
      .strict()
      .superRefine((range, ctx) => {
        if (range.fast > range.slow) ctx.addIssue(ruleIssue(['slow'], msg('plan.rule.likelyHoursOrder')));
      })
      .optional(),
    setupHours: z.number().min(0).max(10_000).optional(),
    idleHours: z.number().min(0).max(10_000).optional(),
    spot: spotSettingsSchema.partial().strict().optional(),
    extras: extrasSchema.partial().strict().optional(),
    /** Points per curve in the cost-vs-job-length chart. */
    seriesPoints: z.number().int().min(10).max(400).default(60),
  })
  .strict();
export type PlanRequest = z.output<typeof planRequestSchema>;

/** One provider's plan in one currency: a bill never mixes two price books. */
export interface ProviderPlan extends JobPlan {
  provider: string;
  currency: Currency;
  series: CostVsJobLength;
}

/** A billing option of a card's plan: its provider, and its total at the ends of the likely compute hours. */
export interface CardPlanOption extends PlanOption {
  provider: string;
  /**
   * The option's total at the fast and slow ends of request.computeHoursLikely (low, high), with every other
   * setting as planned; null when the request gives no such range (hours the user typed).
   */
  likelyTotal: { low: number; high: number } | null;
}

/** Every billing option of every provider of one card, each provider planned on its own offers. */
export interface CardPlan {
  card: string;
  gpus: number;
  computeHours: number;
  computeHoursLikely: { fast: number; slow: number } | null;
  options: CardPlanOption[];
  plans: ProviderPlan[];
}

/**
 * Plans the request on the card's offers (those of `request.provider` and `request.currency` when
 * given): one plan per provider and currency, and all their options in one list.
 */
export function planForCard(request: PlanRequest, cardOffers: readonly Offer[]): CardPlan {
  const offers = cardOffers.filter(
    (offer) =>
      (!request.provider || offer.provider === request.provider) &&
      (!request.currency || offer.currency === request.currency),
  );
  if (offers.length === 0) {
    const { card, provider } = request;
    throw new InputError(
      'provider',
      provider ? msg('plan.noOfferAt', { card, provider }) : msg('plan.noOffer', { card }),
    );
  }
  const likely = request.computeHoursLikely ?? null;
  const options: CardPlanOption[] = [];
  const plans = groupOffers(offers).map(({ provider, currency, offers: group }): ProviderPlan => {
    const input = {
      computeHours: request.computeHours,
      gpuCount: request.gpus,
      offers: group,
      ...(request.setupHours !== undefined ? { setupHours: request.setupHours } : {}),
      ...(request.idleHours !== undefined ? { idleHours: request.idleHours } : {}),
      spot: request.spot ?? {},
      extras: request.extras ?? {},
    };
    const plan = planJob(input);
    // The same offers and settings give the same options in the same order whatever the hours (planParsedJob).
    const fast = likely ? planJob({ ...input, computeHours: likely.fast }).options : null;
    const slow = likely ? planJob({ ...input, computeHours: likely.slow }).options : null;
    plan.options.forEach((option, i) => {
      const ends = fast && slow ? [fast[i]!.total, slow[i]!.total] : null;
      const likelyTotal = ends ? { low: Math.min(...ends), high: Math.max(...ends) } : null;
      options.push({ provider, ...option, likelyTotal });
    });
    return { provider, currency, ...plan, series: costVsJobLength(input, request.seriesPoints) };
  });
  return {
    card: request.card,
    gpus: request.gpus,
    computeHours: request.computeHours,
    computeHoursLikely: likely,
    options,
    plans,
  };
}

function groupOffers(offers: readonly Offer[]): { provider: string; currency: Currency; offers: Offer[] }[] {
  const groups = new Map<string, { provider: string; currency: Currency; offers: Offer[] }>();
  for (const offer of offers) {
    const key = `${offer.provider}\u0000${offer.currency}`;
    const group = groups.get(key) ?? { provider: offer.provider, currency: offer.currency, offers: [] };
    group.offers.push(offer);
    groups.set(key, group);
  }
  return [...groups.values()];
}
