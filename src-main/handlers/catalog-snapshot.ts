import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { listOffers } from '../db/offers-repo';
import { getSettings } from '../db/settings-repo';
import { readUntilWrite } from '../db/write-version';
import type { Card, ModelPreset, Offer } from '../domain/catalog';
import type { Settings } from '../ipc/contract';

/** What every estimate and ranking reads from the store besides the run log (frozen: shared by every call until a write). */
export interface CatalogSnapshot {
  cards: Card[];
  presets: ModelPreset[];
  offers: Offer[];
  settings: Settings;
}

/**
 * The catalog and settings as the file holds them now, read (and each row validated) once per write to
 * the database instead of on every estimate: reading them was over a third of a whole `estimate:compute`.
 */
export const catalogSnapshot = readUntilWrite((db): CatalogSnapshot => ({
  cards: listCards(db),
  presets: listModels(db),
  offers: listOffers(db),
  settings: getSettings(db),
}));
