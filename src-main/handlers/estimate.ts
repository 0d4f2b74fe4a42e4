import type { Db } from '../db/driver';
import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { listOffers } from '../db/offers-repo';
import { getSettings } from '../db/settings-repo';
import { NotFoundError } from '../db/store-error';
import type { Handlers } from '../ipc/register';
import type { EstimateOutput } from '../ipc/contract';
import type { EstimateInput } from '../domain/estimate/input';
import { estimateMemory, largestBatch } from '../domain/estimate/memory';
import { estimateSpeed } from '../domain/estimate/speed';
import { rankCandidates } from '../domain/cost/rank';
import type { HandlerDeps } from './deps';

/** Will it fit (memory on every card, speed on a named one) and which card is cheapest. */
export const estimateHandlers = {
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
} satisfies Partial<Handlers<HandlerDeps>>;

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
