/** Reads the data files the comparison needs (I/O lives here, not in the formula files). */
import type { Card } from '../../src-main/domain/catalog';
import { readDataFile, readReferenceRuns } from '../data-files';
import type { ReferenceRun } from './comparison';

/** data/reference-runs.json and the cards of data/cards.json + data/reference-cards.json. */
export function loadData(): { runs: ReferenceRun[]; cards: Card[] } {
  return {
    runs: readReferenceRuns(),
    cards: [...readDataFile<Card[]>('cards.json'), ...readDataFile<Card[]>('reference-cards.json')],
  };
}
