import type { Db } from '../db/driver';
import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { listOffers } from '../db/offers-repo';
import { getSettings } from '../db/settings-repo';
import { NotFoundError } from '../db/store-error';
import type { Handlers } from '../ipc/register';
import type { EstimateOutput } from '../ipc/contract';
import type { Card } from '../domain/catalog';
import type { EstimateInput } from '../domain/estimate/input';
import { estimateMemory } from '../domain/estimate/memory';
import { largestBatch, longestSeq } from '../domain/estimate/solve';
import { fitChanges } from '../domain/estimate/fit-changes';
import { estimateSpeed } from '../domain/estimate/speed';
import { rankCandidates } from '../domain/cost/rank';
import type { Calibration, CalibrationRun } from '../domain/calibrate';
import { calibrationFor, calibrationRuns } from './calibration';
import type { HandlerDeps } from './deps';

/** Will it fit (memory on every card, speed on a named one) and which card is cheapest. */
export const estimateHandlers = {
  'estimate:compute': ({ calibration = true, ...input }, { db }) => computeEstimate(input, db, calibration),
  'estimate:fit': ({ input, card: cardId }, { db }) => {
    const cards = listCards(db);
    const card = cards.find((c) => c.id === cardId);
    if (!card) throw new NotFoundError('card', cardId);
    return fitChanges(input, card, {
      presets: listModels(db),
      cards,
      headroomFraction: getSettings(db).headroomFraction,
    });
  },
  'rank:compute': ({ input, workload, options: { calibration = true, ...options } }, { db }) => {
    const settings = getSettings(db);
    const cards = listCards(db);
    const presets = listModels(db);
    const runs = calibration ? calibrationRuns(db, input.method, cards, presets) : [];
    return rankCandidates(
      input,
      workload,
      { presets, cards, offers: listOffers(db) },
      {
        ...options,
        headroomFraction: settings.headroomFraction,
        currency: options.currency ?? settings.currency,
        correction: (card, gpus) =>
          runs.length > 0 ? calibrationFor({ ...input, gpus }, card.id, runs, presets) : null,
      },
    );
  },
} satisfies Partial<Handlers<HandlerDeps>>;

/** A card whose usable memory is divided by the memory correction: fits(raw × f, m) ⟺ fits(raw, m / f). */
function scaledCard(card: Card, memoryFactor: number): Card {
  return { ...card, memoryGiB: card.memoryGiB / memoryFactor };
}

function computeEstimate(input: EstimateInput, db: Db, useCalibration: boolean): EstimateOutput {
  const cards = listCards(db);
  const presets = listModels(db);
  const card = input.gpu ? cards.find((c) => c.id === input.gpu) : undefined;
  if (input.gpu && !card) throw new NotFoundError('card', input.gpu);
  const headroomFraction = getSettings(db).headroomFraction;
  const ctx = { presets, cards, headroomFraction };
  const estimate = estimateMemory(input, ctx);
  const runs: CalibrationRun[] = useCalibration
    ? calibrationRuns(db, estimate.resolvedInput.method, cards, presets)
    : [];
  const corrections = new Map<string, Calibration>(
    cards.map((card) => [card.id, calibrationFor(input, card.id, runs, presets)]),
  );

  const fits = estimate.fits.map((fit) => {
    const card = cards.find((c) => c.id === fit.card)!;
    const correction = corrections.get(card.id)!;
    const neededBytes = estimate.perGpu.totalBytes * correction.memoryFactor;
    const usable = fit.memoryBytes * (1 - headroomFraction);
    return {
      ...fit,
      fits: neededBytes <= usable,
      headroomBytes: fit.memoryBytes - neededBytes,
      neededBytes,
      calibrationRuns: correction.runs,
      largestBatch: largestBatch(input, scaledCard(card, correction.memoryFactor), ctx),
      longestSeq: longestSeq(input, scaledCard(card, correction.memoryFactor), ctx),
    };
  });

  const speed = card
    ? estimateSpeed(estimate.resolvedInput, estimate.model, card, { trainableParams: estimate.trainableParams })
    : undefined;
  const output: EstimateOutput = { ...estimate, fits, ...(speed ? { speed } : {}) };
  if (card && useCalibration) {
    const c = corrections.get(card.id)!;
    output.calibration = { card: card.id, ...c };
    output.calibrated = {
      totalBytes: estimate.perGpu.totalBytes * c.memoryFactor,
      allocatedBytes: estimate.perGpu.allocatedBytes * c.memoryFactor,
      ...(speed?.kind === 'train' ? { tokensPerSecond: speed.tokensPerSecond * c.speedFactor } : {}),
      ...(speed?.kind === 'inference' ? { decodeTokensPerSecond: speed.decodeTokensPerSecond * c.speedFactor } : {}),
    };
  }
  return output;
}
