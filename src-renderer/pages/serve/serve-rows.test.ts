import { describe, expect, it } from 'vitest';
import { concurrencyLines, notFitting, serveTableRows, type ServeOutput } from './serve-rows';

type Setup = ServeOutput['setups'][number];
type Row = ServeOutput['ranking'][number];

const setup = (card: string, gpus: number, fits: boolean): Setup =>
  ({
    card,
    cardName: card.toUpperCase(),
    gpus,
    fits,
    concurrencyByContext: fits ? [{ maxModelLen: 1024, sequences: 10 * gpus }] : [],
    maxConcurrentSequences: { atAverageRequest: 12 * gpus, atMaxModelLen: gpus },
  }) as Setup;
const offer = (card: string, gpus: number, offerId: string, cost: number): Row =>
  ({ card, gpus, offerId, costPer1MOutputTokens: cost }) as Row;

const output = {
  setups: [setup('a', 1, true), setup('a', 2, true), setup('b', 1, false), setup('b', 2, true), setup('c', 1, true)],
  // The ranking's order: b×2's two offers, then a×1, then a×2.
  ranking: [offer('b', 2, 'b-cheap', 1), offer('b', 2, 'b-dear', 2), offer('a', 1, 'a1', 3), offer('a', 2, 'a2', 4)],
};

describe('the Serve table and chart rows', () => {
  it("keeps the ranking order, one row per card (its best server and that server's cheapest offer), then cards without an offer", () => {
    expect(serveTableRows(output).map((row) => [row.id, row.offer?.offerId ?? null])).toEqual([
      ['b:2', 'b-cheap'],
      ['a:1', 'a1'],
      ['c:1', null],
    ]);
  });

  it('lists the servers that do not fit', () => {
    expect(notFitting(output).map((s) => `${s.card}:${s.gpus}`)).toEqual(['b:1']);
  });

  it('charts each card once, at its smallest GPU count that fits', () => {
    expect(concurrencyLines(output).map((line) => [line.key, line.points[0]!.y, line.atAverageRequest])).toEqual([
      ['a:1', 10, 12],
      ['b:2', 20, 24],
      ['c:1', 10, 12],
    ]);
  });
});
