import { NotFoundError } from '../db/store-error';
import type { HandlerMap } from '../ipc/register';
import { calibratedEstimate, rankCorrection } from '../domain/calibrate';
import { fitChanges } from '../domain/estimate/fit-changes';
import { memorySweep } from '../domain/estimate/sweep';
import { rankCandidates } from '../domain/cost/rank';
import { loadCalibrationRuns } from './calibration';
import { catalogSnapshot } from './catalog-snapshot';
import type { HandlerDeps } from './deps';

/** Will it fit (memory on every card, speed on a named one) and which card is cheapest. */
export const estimateHandlers = {
  'estimate:compute': ({ calibration = true, ...input }, { db }) => {
    const { cards, presets, settings } = catalogSnapshot(db);
    const card = input.gpu ? cards.find((c) => c.id === input.gpu) : undefined;
    if (input.gpu && !card) throw new NotFoundError('card', input.gpu);
    const runs = calibration ? loadCalibrationRuns(db, input.method, cards, presets) : null;
    const estimate = calibratedEstimate(input, card, {
      presets,
      cards,
      headroomFraction: settings.headroomFraction,
      runs,
    });
    return estimate;
  },
  // The chart's sweep is its own call: an estimate asked on every keystroke (and by the CLI) does not pay for it.
  'estimate:sweep': (input, { db }) => {
    const { cards, presets } = catalogSnapshot(db);
    return memorySweep(input, { presets, cards });
  },
  'estimate:fit': ({ input, card: cardId }, { db }) => {
    const { cards, presets, settings } = catalogSnapshot(db);
    const card = cards.find((c) => c.id === cardId);
    if (!card) throw new NotFoundError('card', cardId);
    return fitChanges(input, card, { presets, cards, headroomFraction: settings.headroomFraction });
  },
  'rank:compute': ({ input, workload, options: { calibration = true, ...options } }, { db }) => {
    const { settings, cards, presets, offers } = catalogSnapshot(db);
    const runs = calibration ? loadCalibrationRuns(db, input.method, cards, presets) : [];
    return rankCandidates(
      input,
      workload,
      { presets, cards, offers },
      {
        ...options,
        headroomFraction: settings.headroomFraction,
        currency: options.currency ?? settings.currency,
        // The rate from Settings converts offers in the other currency (and the assumptions say so).
        rates: settings.usdPerCny === null ? undefined : { USDperCNY: settings.usdPerCny },
        rateDate: settings.usdPerCnyDate,
        correction: rankCorrection(input, runs, presets),
      },
    );
  },
} satisfies Partial<HandlerMap<HandlerDeps>>;
