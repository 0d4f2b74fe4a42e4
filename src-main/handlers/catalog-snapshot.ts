import { listCards } from '../db/cards-repo';
import { listModels } from '../db/models-repo';
import { listOffers } from '../db/offers-repo';
import { getSettings } from '../db/settings-repo';
import type { Db } from '../db/driver';
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
 * A part that the write left as it was keeps the arrays of the snapshot before, so what is memoised on
 * them (the calibration runs' predictions, handlers/calibration.ts) survives a write to the run log.
 */
export const catalogSnapshot = readUntilWrite((db): CatalogSnapshot => {
  const read: CatalogSnapshot = {
    cards: listCards(db),
    presets: listModels(db),
    offers: listOffers(db),
    settings: getSettings(db),
  };
  const texts = partTexts(read);
  const before = previous.get(db);
  const keep = <K extends keyof CatalogSnapshot>(part: K): CatalogSnapshot[K] =>
    before?.texts[part] === texts[part] ? before.snapshot[part] : read[part];
  const snapshot = {
    cards: keep('cards'),
    presets: keep('presets'),
    offers: keep('offers'),
    settings: keep('settings'),
  };
  previous.set(db, { texts, snapshot });
  return snapshot;
});

function partTexts(snapshot: CatalogSnapshot): Record<keyof CatalogSnapshot, string> {
  return {
    cards: JSON.stringify(snapshot.cards),
    presets: JSON.stringify(snapshot.presets),
    offers: JSON.stringify(snapshot.offers),
    settings: JSON.stringify(snapshot.settings),
  };
}

const previous = new WeakMap<Db, { texts: Record<keyof CatalogSnapshot, string>; snapshot: CatalogSnapshot }>();
