import { listOffers } from '../db/offers-repo';
import { getCard } from '../db/cards-repo';
import { NotFoundError } from '../db/store-error';
import { InputError } from '../domain/errors';
import type { Offer } from '../domain/catalog';
import { costVsJobLength, planJob, planOwnership } from '../domain/plan';
import type { Handlers } from '../ipc/register';
import type { HandlerDeps } from './deps';

/** How should I pay: every billing of every provider of one card, and rent vs buy. */
export const planHandlers = {
  'plan:compute': (request, { db }) => {
    if (!getCard(db, request.card)) throw new NotFoundError('card', request.card);
    const offers = listOffers(db, { cardId: request.card }).filter(
      (offer) =>
        (!request.provider || offer.provider === request.provider) &&
        (!request.currency || offer.currency === request.currency),
    );
    if (offers.length === 0) {
      throw new InputError(
        'provider',
        `no offer for ${request.card}${request.provider ? ` at ${request.provider}` : ''}`,
      );
    }
    // One plan per provider and currency: a bill never mixes two price books.
    const plans = groupOffers(offers).map(({ provider, currency, offers: group }) => {
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
      return { provider, currency, ...plan, series: costVsJobLength(input, request.seriesPoints) };
    });
    return {
      card: request.card,
      gpus: request.gpus,
      computeHours: request.computeHours,
      options: plans.flatMap((plan) => plan.options.map((option) => ({ provider: plan.provider, ...option }))),
      plans,
    };
  },
  'plan:ownership': (input) => planOwnership(input),
} satisfies Partial<Handlers<HandlerDeps>>;

function groupOffers(offers: Offer[]): { provider: string; currency: Offer['currency']; offers: Offer[] }[] {
  const groups = new Map<string, { provider: string; currency: Offer['currency']; offers: Offer[] }>();
  for (const offer of offers) {
    const key = `${offer.provider}\u0000${offer.currency}`;
    const group = groups.get(key) ?? { provider: offer.provider, currency: offer.currency, offers: [] };
    group.offers.push(offer);
    groups.set(key, group);
  }
  return [...groups.values()];
}
