import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../domain/errors';
import { getCard, listCards, upsertCard } from './cards-repo';
import { getModel, listModels, upsertModel } from './models-repo';
import { addOffer, deleteOffer, listOffers, updateOffer } from './offers-repo';
import { openDb } from './open';
import { seedFromData } from './seed';
import { DEFAULT_SETTINGS, getSettings, setSettings } from './settings-repo';
import { NotFoundError } from './store-error';
import { a100, offer4090, qwen7b, rtx4090, tempDir, writeSeed } from './test-support.testkit';

function seeded() {
  const file = path.join(tempDir(), 'cardwise.db');
  const db = openDb(file);
  seedFromData(db, writeSeed());
  return { db, file };
}

describe('cards', () => {
  it('round-trips every field, the interconnect included', () => {
    const { db } = seeded();
    expect(getCard(db, a100.id)).toEqual(a100);
    expect(
      listCards(db)
        .map((c) => c.id)
        .sort(),
    ).toEqual([a100.id, rtx4090.id].sort());
    expect(getCard(db, 'nope')).toBeUndefined();
    db.close();
  });

  it('saves a user card and an edit of a builtin one, flagging both as user-edited', () => {
    const { db } = seeded();
    const h100 = {
      ...a100,
      id: 'h100-sxm',
      name: 'H100 SXM',
      memoryGiB: 80,
      interconnect: { nvlinkGBps: 900, pcieGen: 5 },
    };
    expect(upsertCard(db, h100)).toEqual(h100);
    upsertCard(db, { ...rtx4090, tdpW: 500 });
    const flags = db.prepare('SELECT id, builtin, user_edited FROM cards ORDER BY id').all();
    expect(flags).toEqual([
      { id: a100.id, builtin: 1, user_edited: 0 },
      { id: 'h100-sxm', builtin: 0, user_edited: 1 },
      { id: rtx4090.id, builtin: 1, user_edited: 1 },
    ]);
    expect(() => upsertCard(db, { ...rtx4090, memoryGiB: -1 })).toThrow(InputError);
    db.close();
  });
});

describe('offers', () => {
  it('adds an offer under a user- id and lists it for its card', () => {
    const { db } = seeded();
    const added = addOffer(db, {
      cardId: rtx4090.id,
      provider: 'AutoDL',
      billing: 'daily',
      price: 39,
      currency: 'CNY',
      observedAt: '2025-11-30',
      source: 'my invoice',
    });
    expect(added.id).toMatch(/^user-[0-9a-f]{12}$/);
    expect(added).toMatchObject({ region: '', gpusPerPrice: 1, granularity: 'second' });
    expect(listOffers(db, { cardId: rtx4090.id })).toContainEqual(added);
    expect(listOffers(db, { cardId: a100.id }).map((o) => o.id)).not.toContain(added.id);
    db.close();
  });

  it('keeps an edited price across close and reopen', () => {
    const { db, file } = seeded();
    const updated = updateOffer(db, offer4090.id, { price: 1.49 }, new Date(2026, 2, 7, 9, 30));
    // A price edited by hand was seen on the day of the edit.
    expect(updated).toEqual({ ...offer4090, price: 1.49, observedAt: '2026-03-07' });
    db.close();
    const reopened = openDb(file);
    expect(listOffers(reopened, { cardId: rtx4090.id }).find((o) => o.id === offer4090.id)?.price).toBe(1.49);
    reopened.close();
  });

  it('dates a price edit unless the caller gives a date, and leaves the date alone for other edits', () => {
    const { db } = seeded();
    const day = new Date(2026, 2, 7, 23, 59);
    expect(updateOffer(db, offer4090.id, { region: 'cn-east' }, day).observedAt).toBe(offer4090.observedAt);
    expect(updateOffer(db, offer4090.id, { billing: 'daily', price: 40 }, day).observedAt).toBe('2026-03-07');
    expect(updateOffer(db, offer4090.id, { price: 41, observedAt: '2026-03-01' }, day).observedAt).toBe('2026-03-01');
    expect(addOffer(db, { ...offer4090, provider: 'Mine', observedAt: '' }, day).observedAt).toBe('2026-03-07');
    db.close();
  });

  it('refuses bad input, an unknown card and an unknown offer', () => {
    const { db } = seeded();
    expect(() => updateOffer(db, offer4090.id, { price: 0 })).toThrow(InputError);
    expect(() => addOffer(db, { ...offer4090, cardId: 'h100-sxm' })).toThrow(/no card with id "h100-sxm"/);
    expect(() => updateOffer(db, 'missing', { price: 2 })).toThrow(NotFoundError);
    expect(deleteOffer(db, 'missing')).toBe(false);
    db.close();
  });

  it('deletes a user offer without leaving a tombstone', () => {
    const { db } = seeded();
    const added = addOffer(db, { ...offer4090, provider: 'Mine' });
    expect(deleteOffer(db, added.id)).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM seed_tombstones').get()).toEqual({ n: 0 });
    db.close();
  });
});

describe('models', () => {
  it('round-trips a preset, booleans included, and saves a user preset', () => {
    const { db } = seeded();
    expect(getModel(db, qwen7b.id)).toEqual(qwen7b);
    const tied = { ...qwen7b, id: 'tiny-tied', name: 'Tiny tied', tiedEmbeddings: true, gatedMlp: false };
    expect(upsertModel(db, tied)).toEqual(tied);
    expect(listModels(db)).toHaveLength(2);
    db.close();
  });
});

describe('settings', () => {
  it('starts from the defaults, saves a patch and validates it', () => {
    const { db, file } = seeded();
    expect(getSettings(db)).toEqual(DEFAULT_SETTINGS);
    expect(setSettings(db, { language: 'zh-CN', usdPerCny: 0.14 })).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'zh-CN',
      usdPerCny: 0.14,
    });
    expect(() => setSettings(db, { headroomFraction: 2 })).toThrow(InputError);
    expect(() => setSettings(db, { theme: 'dark' } as never)).toThrow(InputError);
    db.close();
    const reopened = openDb(file);
    expect(getSettings(reopened).language).toBe('zh-CN');
    reopened.close();
  });
});
