import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from './driver';
import { deleteOffer, getOffer, listOffers, updateOffer } from './offers-repo';
import { openDb } from './open';
import { seedFromData } from './seed';
import { SeedDataError } from './seed-data';
import { a100, offer4090, offerA100, qwen7b, rtx4090, tempDir, writeSeed } from './test-support.testkit';

function counts(db: Db): Record<string, number> {
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { cards: count('cards'), offers: count('offers'), models: count('models') };
}

function freshDb(): Db {
  return openDb(path.join(tempDir(), 'cardwise.db'));
}

describe('seedFromData', () => {
  it('loads builtin rows, and seeding twice (forced) leaves the same rows', () => {
    const db = freshDb();
    const data = writeSeed();
    const first = seedFromData(db, data);
    expect(first.skipped).toBe(false);
    expect(first.written).toEqual({ cards: 2, offers: 2, models: 1 });
    const after1 = counts(db);
    expect(after1).toEqual({ cards: 2, offers: 2, models: 1 });
    const second = seedFromData(db, data, { force: true });
    expect(second.skipped).toBe(false);
    expect(counts(db)).toEqual(after1);
    expect(db.prepare('SELECT count(*) AS n FROM offers WHERE builtin = 1 AND user_edited = 0').get()).toEqual({
      n: 2,
    });
    db.close();
  });

  it('removes a builtin offer a newer data release withdrew, but keeps one the user edited', () => {
    const db = freshDb();
    seedFromData(db, writeSeed());
    updateOffer(db, offer4090.id, { price: 1.59 });
    const result = seedFromData(db, writeSeed({ offers: [] }));
    expect(result.retiredOffers).toBe(1);
    expect(getOffer(db, offerA100.id)).toBeUndefined();
    expect(getOffer(db, offer4090.id)?.price).toBe(1.59);
    db.close();
  });

  it('does nothing when the data files have not changed since the last seed', () => {
    const db = freshDb();
    const data = writeSeed();
    seedFromData(db, data);
    db.prepare('DELETE FROM models').run(); // a change the skipped seed must not repair
    const again = seedFromData(db, data);
    expect(again.skipped).toBe(true);
    expect(counts(db).models).toBe(0);
    db.close();
  });

  it('keeps a user-edited price and does not bring back a deleted builtin offer', () => {
    const db = freshDb();
    seedFromData(db, writeSeed());
    updateOffer(db, offer4090.id, { price: 1.59 });
    expect(deleteOffer(db, offerA100.id)).toBe(true);

    // A newer data release changes both rows and adds a model.
    const newer = writeSeed({
      offers: [
        { ...offer4090, price: 2.2 },
        { ...offerA100, price: 7.1 },
      ],
      models: [qwen7b, { ...qwen7b, id: 'qwen2.5-7b-instruct', name: 'Qwen2.5-7B-Instruct' }],
    });
    const result = seedFromData(db, newer);
    expect(result.skipped).toBe(false);
    expect(result.keptUserEdited).toBe(1);
    expect(result.skippedDeleted).toBe(1);
    expect(getOffer(db, offer4090.id)?.price).toBe(1.59);
    expect(getOffer(db, offerA100.id)).toBeUndefined();
    expect(listOffers(db).map((o) => o.id)).toEqual([offer4090.id]);
    expect(counts(db).models).toBe(2);
    db.close();
  });

  it('refreshes builtin rows the user did not touch', () => {
    const db = freshDb();
    seedFromData(db, writeSeed());
    seedFromData(db, writeSeed({ cards: [{ ...rtx4090, tdpW: 455 }, a100] }));
    const row = db.prepare('SELECT tdp_w FROM cards WHERE id = ?').get(rtx4090.id);
    expect(row).toEqual({ tdp_w: 455 });
    db.close();
  });

  it('rejects a bad row naming file, row and field, and writes nothing', () => {
    const db = freshDb();
    const data = writeSeed({ offers: [offer4090, { ...offerA100, price: -3 }] });
    let error: unknown;
    try {
      seedFromData(db, data);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SeedDataError);
    expect((error as Error).message).toMatch(/offers\.json: row 1 \(id "example-a100-hourly"\): price: /);
    expect(counts(db)).toEqual({ cards: 0, offers: 0, models: 0 });
    db.close();
  });

  it('rejects an offer whose card is not in cards.json', () => {
    const db = freshDb();
    const data = writeSeed({ cards: [rtx4090] });
    expect(() => seedFromData(db, data)).toThrow(/cardId "a100-80gb-sxm" is not in cards\.json/);
    db.close();
  });

  it('names a missing data file', () => {
    const db = freshDb();
    const { 'models.json': _models, ...data } = writeSeed();
    expect(() => seedFromData(db, data)).toThrow(/models\.json: cannot read/);
    db.close();
  });
});
