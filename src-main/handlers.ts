import type { Db } from './db/driver';
import { listCards, upsertCard } from './db/cards-repo';
import { addOffer, deleteOffer, listOffers, updateOffer } from './db/offers-repo';
import { listModels } from './db/models-repo';
import { getSettings, setSettings } from './db/settings-repo';
import { NotFoundError } from './db/store-error';
import type { Handlers } from './ipc/register';
import { estimateMemory, largestBatch } from './domain/estimate/memory';
import { estimateSpeed } from './domain/estimate/speed';
import { rankCandidates } from './domain/cost/rank';
import type { EstimateOutput } from './ipc/contract';
import type { EstimateInput } from './domain/estimate/input';

export interface HandlerDeps {
  db: Db;
}

/** One plain function per channel over a real DB: the same for IPC, HTTP and the CLI. */
export const handlers: Handlers<HandlerDeps> = {
  'cards:list': (_input, { db }) => ({ cards: listCards(db) }),
  'cards:save': (card, { db }) => upsertCard(db, card),
  'offers:list': (input, { db }) => ({ offers: listOffers(db, { cardId: input?.cardId }) }),
  'offers:add': (offer, { db }) => addOffer(db, offer),
  'offers:update': ({ id, patch }, { db }) => updateOffer(db, id, patch),
  'offers:delete': ({ id }, { db }) => {
    if (!deleteOffer(db, id)) throw new NotFoundError('offer', id);
    return { id };
  },
  'models:list': (_input, { db }) => ({ models: listModels(db) }),
  'settings:get': (_input, { db }) => getSettings(db),
  'settings:set': (patch, { db }) => setSettings(db, patch),
  'estimate:compute': (input, { db }) => computeEstimate(input, db),
  'rank:compute': ({ input, workload, options }, { db }) => {
    const settings = getSettings(db);
    return rankCandidates(
      input,
      workload,
      { presets: listModels(db), cards: listCards(db), offers: listOffers(db) },
      { ...options, headroomFraction: settings.headroomFraction, currency: options.currency ?? settings.currency },
    );
  },
};

/** Memory on every card (with the largest batch each one takes) and, when a card is named, speed. */
function computeEstimate(input: EstimateInput, db: Db): EstimateOutput {
  const cards = listCards(db);
  const ctx = { presets: listModels(db), cards, headroomFraction: getSettings(db).headroomFraction };
  const estimate = estimateMemory(input, ctx);
  const fits = estimate.fits.map((fit) => {
    const card = cards.find((c) => c.id === fit.card)!;
    return { ...fit, largestBatch: largestBatch(input, card, ctx) };
  });
  const card = input.gpu ? cards.find((c) => c.id === input.gpu) : undefined;
  if (input.gpu && !card) throw new NotFoundError('card', input.gpu);
  const speed = card
    ? estimateSpeed(estimate.resolvedInput, estimate.model, card, { trainableParams: estimate.trainableParams })
    : undefined;
  return { ...estimate, fits, ...(speed ? { speed } : {}) };
}
