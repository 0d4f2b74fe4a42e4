import { writeCard } from './cards-repo';
import type { Db } from './driver';
import { writeModel } from './models-repo';
import { writeOffer } from './offers-repo';
import type { DataFiles } from './assets';
import { hashSeedFiles, readSeedData } from './seed-data';
import { readSetting, writeSetting } from './settings-repo';
import { writeTransaction } from './transaction';

const SEED_HASH_KEY = 'internal.seedHash';

export interface SeedResult {
  /** True when the data files were unchanged since the last seed, so nothing was done. */
  skipped: boolean;
  hash: string;
  /** Builtin rows inserted or refreshed, per table. */
  written: { cards: number; offers: number; models: number };
  /** Rows left alone because the user edited them. */
  keptUserEdited: number;
  /** Rows not written because the user deleted them (or, for offers, their card). */
  skippedDeleted: number;
  /** Builtin offers the data files no longer hold (their source did not stand up), removed unless edited. */
  retiredOffers: number;
}

/**
 * Loads the builtin catalog (data/{cards,offers,models}.json, as the build bundles them) in one transaction. Idempotent; never overwrites a
 * row the user edited and never brings back a builtin row the user deleted. When the files
 * have not changed since the last seed (hash kept in settings) it returns at once.
 */
export function seedFromData(db: Db, data: DataFiles, options: { force?: boolean; now?: Date } = {}): SeedResult {
  const { hash } = hashSeedFiles(data);
  const result: SeedResult = {
    skipped: true,
    hash,
    written: { cards: 0, offers: 0, models: 0 },
    keptUserEdited: 0,
    skippedDeleted: 0,
    retiredOffers: 0,
  };
  if (!options.force && readSetting(db, SEED_HASH_KEY) === hash) return result;

  const seed = readSeedData(data);
  const now = options.now ?? new Date();
  return writeTransaction(db, () => {
    // Another process may have seeded while this one read the files: decide again under the lock.
    if (!options.force && readSetting(db, SEED_HASH_KEY) === seed.hash) return { ...result, hash: seed.hash };
    const deleted = tombstones(db);
    const write = <T extends { id: string }>(
      table: keyof SeedResult['written'],
      rows: T[],
      writer: (row: T) => boolean,
    ) => {
      for (const row of rows) {
        if (deleted.has(`${table}:${row.id}`)) result.skippedDeleted++;
        else if (writer(row)) result.written[table]++;
        else result.keptUserEdited++;
      }
    };
    write('cards', seed.cards, (card) => writeCard(db, card, 'builtin', now));
    write('models', seed.models, (model) => writeModel(db, model, 'builtin', now));
    const cardExists = db.prepare('SELECT 1 FROM cards WHERE id = ?');
    const liveOffers = seed.offers.filter((offer) => {
      const keep = cardExists.get(offer.cardId) !== undefined;
      if (!keep) result.skippedDeleted++;
      return keep;
    });
    write('offers', liveOffers, (offer) => writeOffer(db, offer, 'builtin', now));
    // A price withdrawn from the data leaves the catalog too; one the user edited is theirs now and stays.
    result.retiredOffers = db
      .prepare(
        'DELETE FROM offers WHERE builtin = 1 AND user_edited = 0 AND id NOT IN (SELECT value FROM json_each(?))',
      )
      .run(JSON.stringify(seed.offers.map((offer) => offer.id))).changes;
    writeSetting(db, SEED_HASH_KEY, seed.hash);
    return { ...result, skipped: false, hash: seed.hash };
  });
}

function tombstones(db: Db): Set<string> {
  const rows = db.prepare('SELECT table_name, row_id FROM seed_tombstones').all() as {
    table_name: string;
    row_id: string;
  }[];
  return new Set(rows.map((r) => `${r.table_name}:${r.row_id}`));
}
