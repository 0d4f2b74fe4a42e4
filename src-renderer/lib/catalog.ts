import { useEffect } from 'react';
import type { Card, ModelPreset, Offer } from '../../src-main/domain/catalog';
import { useApp } from './app-context';
import { useChannel } from './queries';

/** The price book every page reads: cards, model presets and offers. */
export interface Catalog {
  cards: readonly Card[];
  models: readonly ModelPreset[];
  offers: readonly Offer[];
  /** Every list has answered (or failed). */
  loaded: boolean;
  /** One of the lists could not be read (the banner says why). */
  failed: boolean;
  /** The offers are being read again (after an edit): the table shows the previous answer meanwhile. */
  offersFetching: boolean;
}

const NONE: readonly never[] = [];

/**
 * The catalog, loaded once for the window and shared by every page (queries.ts): a page that
 * opens later reads the cache; an edit of a price or a card invalidates its list.
 */
export function useCatalog(): Catalog {
  const { reportError } = useApp();
  const cards = useChannel('cards:list');
  const models = useChannel('models:list');
  const offers = useChannel('offers:list');
  const error = cards.error ?? models.error ?? offers.error;
  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);
  return {
    cards: cards.data?.cards ?? NONE,
    models: models.data?.models ?? NONE,
    offers: offers.data?.offers ?? NONE,
    loaded: !cards.isPending && !models.isPending && !offers.isPending,
    failed: error !== null,
    offersFetching: offers.isFetching,
  };
}
