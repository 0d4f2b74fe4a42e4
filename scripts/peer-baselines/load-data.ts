/** Reads the data files the comparison needs (I/O lives here, not in the formula files). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Card } from '../../src-main/domain/catalog';
import type { ReferenceRun } from './comparison';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as T;

/** data/reference-runs.json and the cards of data/cards.json + data/reference-cards.json. */
export function loadData(): { runs: ReferenceRun[]; cards: Card[] } {
  return {
    runs: readJson<ReferenceRun[]>('reference-runs.json'),
    cards: [...readJson<Card[]>('cards.json'), ...readJson<Card[]>('reference-cards.json')],
  };
}
