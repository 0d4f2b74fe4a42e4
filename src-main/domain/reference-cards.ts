import referenceCardsFile from '../../data/reference-cards.json';
import { cardSchema, type Card } from './catalog';

let parsed: readonly Card[] | undefined;

/**
 * The GPUs published runs were measured on that no seller in the catalog rents (data/reference-cards.json: A10G,
 * RTX 6000 Ada, A40, the smaller GeForce and RTX Ada cards, V100 16GB). The run log names their runs' cards and
 * estimates those runs with them; ranking, planning and the Estimate page never see them. Parsed on first use: a
 * process that lists no published run never pays for it.
 */
export function referenceCards(): readonly Card[] {
  parsed ??= Object.freeze(cardSchema.array().parse(referenceCardsFile));
  return parsed;
}

const withReference = new WeakMap<readonly Card[], readonly Card[]>();

/**
 * The catalog's cards, then the reference cards whose id it lacks (a catalog card of the same id wins). The same
 * array for the same catalog array, so what is remembered per catalog stays remembered.
 */
export function withReferenceCards(catalog: readonly Card[]): readonly Card[] {
  let known = withReference.get(catalog);
  if (!known) {
    const ids = new Set(catalog.map((card) => card.id));
    known = Object.freeze([...catalog, ...referenceCards().filter((card) => !ids.has(card.id))]);
    withReference.set(catalog, known);
  }
  return known;
}
