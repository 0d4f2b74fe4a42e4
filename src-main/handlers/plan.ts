import { listOffers } from '../db/offers-repo';
import { getCard } from '../db/cards-repo';
import { NotFoundError } from '../db/store-error';
import { planForCard, planOwnership } from '../domain/plan';
import type { HandlerMap } from '../ipc/register';
import type { HandlerDeps } from './deps';

/** How should I pay: every billing of every provider of one card, and rent vs buy. */
export const planHandlers = {
  'plan:compute': (request, { db }) => {
    if (!getCard(db, request.card)) throw new NotFoundError('card', request.card);
    return planForCard(request, listOffers(db, { cardId: request.card }));
  },
  'plan:ownership': (input) => planOwnership(input),
} satisfies Partial<HandlerMap<HandlerDeps>>;
