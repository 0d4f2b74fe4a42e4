import { NotFoundError } from '../db/store-error';
import { serveCompute } from '../domain/serve';
import type { HandlerMap } from '../ipc/register';
import { catalogSnapshot } from './catalog-snapshot';
import { servingCalibrationByCard } from './serve-calibration';
import type { HandlerDeps } from './deps';

/** How many requests a card serves and what a million served tokens cost (issue 17). */
export const serveHandlers = {
  'serve:compute': (input, { db }) => {
    const { cards, presets, offers, settings } = catalogSnapshot(db);
    if (input.gpu !== undefined && !cards.some((c) => c.id === input.gpu)) throw new NotFoundError('card', input.gpu);
    return serveCompute(input, {
      presets,
      cards,
      offers,
      currency: settings.currency,
      usdPerCny: settings.usdPerCny ?? undefined,
      // Logged serving runs of this engine correct each card's KV pool and decode rate (serve-calibration.ts).
      calibration: servingCalibrationByCard(db, input.engine ?? 'vllm', cards, presets),
    });
  },
} satisfies Partial<HandlerMap<HandlerDeps>>;
