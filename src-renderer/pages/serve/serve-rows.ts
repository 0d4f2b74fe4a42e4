import type { ChannelOutput } from '../../../src-main/ipc/contract';

export type ServeOutput = ChannelOutput<'serve:compute'>;
export type ServeSetup = ServeOutput['setups'][number];
export type ServeRankRow = ServeOutput['ranking'][number];

/** One row of the Serve table: a server that fits, with its cheapest offer (null when it has none in the currency). */
export interface ServeTableRow {
  id: string;
  setup: ServeSetup;
  offer: ServeRankRow | null;
}

const idOf = (card: string, gpus: number) => `${card}:${gpus}`;

/**
 * One row per card, in the ranking's order (within the targets first, then by cost per 1M output
 * tokens): the card's best server, with its cheapest offer. Cards that fit but have no offer follow,
 * at their smallest GPU count that fits.
 */
export function serveTableRows(output: Pick<ServeOutput, 'setups' | 'ranking'>): ServeTableRow[] {
  const setups = new Map(output.setups.map((setup) => [idOf(setup.card, setup.gpus), setup]));
  const rows: ServeTableRow[] = [];
  const seen = new Set<string>();
  for (const offer of output.ranking) {
    const setup = setups.get(idOf(offer.card, offer.gpus));
    if (seen.has(offer.card) || !setup) continue;
    seen.add(offer.card);
    rows.push({ id: idOf(setup.card, setup.gpus), setup, offer });
  }
  for (const setup of output.setups) {
    if (!setup.fits || seen.has(setup.card)) continue;
    seen.add(setup.card);
    rows.push({ id: idOf(setup.card, setup.gpus), setup, offer: null });
  }
  return rows;
}

/** Servers that do not fit, with why and what would. */
export function notFitting(output: Pick<ServeOutput, 'setups'>): ServeSetup[] {
  return output.setups.filter((setup) => !setup.fits);
}

/** One line of the concurrency chart: a card at its smallest GPU count that fits. */
export interface ConcurrencyLine {
  key: string;
  card: string;
  cardName: string;
  gpus: number;
  points: { x: number; y: number }[];
  /** Sequences at once at the average request, for the legend. */
  atAverageRequest: number;
}

/** Per card, the smallest server that fits, with its concurrency at each context length; cards in catalog order. */
export function concurrencyLines(output: Pick<ServeOutput, 'setups'>): ConcurrencyLine[] {
  const smallest = new Map<string, ServeSetup>();
  for (const setup of output.setups) {
    if (!setup.fits) continue;
    const known = smallest.get(setup.card);
    if (!known || setup.gpus < known.gpus) smallest.set(setup.card, setup);
  }
  return [...smallest.values()].map((setup) => ({
    key: idOf(setup.card, setup.gpus),
    card: setup.card,
    cardName: setup.cardName,
    gpus: setup.gpus,
    points: setup.concurrencyByContext.map((point) => ({ x: point.maxModelLen, y: point.sequences })),
    atAverageRequest: setup.maxConcurrentSequences.atAverageRequest,
  }));
}
