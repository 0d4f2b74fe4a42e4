import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogSnapshot } from '../handlers/catalog-snapshot';
import { listCards, upsertCard } from './cards-repo';
import { openDb } from './open';
import { seedFromData } from './seed';
import { setSettings } from './settings-repo';
import { rtx4090, tempDir, writeSeed } from './test-support.testkit';
import { readUntilWrite } from './write-version';

function seeded() {
  const file = path.join(tempDir(), 'cardwise.db');
  const db = openDb(file);
  seedFromData(db, writeSeed());
  return { db, file };
}

describe('readUntilWrite', () => {
  it('reads once while nothing is written, again after a write by this connection', () => {
    const { db } = seeded();
    let reads = 0;
    const cards = readUntilWrite((d) => {
      reads += 1;
      return listCards(d);
    });
    const first = cards(db);
    expect(cards(db)).toBe(first);
    expect(reads).toBe(1);
    upsertCard(db, { ...rtx4090, memoryGiB: 48 });
    expect(cards(db).find((c) => c.id === rtx4090.id)?.memoryGiB).toBe(48);
    expect(reads).toBe(2);
    db.close();
  });

  it('reads again after a write by another connection to the same file', () => {
    const { db, file } = seeded();
    const snapshot = catalogSnapshot(db);
    expect(catalogSnapshot(db)).toBe(snapshot);
    const other = openDb(file);
    upsertCard(other, { ...rtx4090, memoryGiB: 32 });
    setSettings(other, { headroomFraction: 0.2 });
    other.close();
    const after = catalogSnapshot(db);
    expect(after).not.toBe(snapshot);
    expect(after.cards.find((c) => c.id === rtx4090.id)?.memoryGiB).toBe(32);
    expect(after.settings.headroomFraction).toBe(0.2);
    db.close();
  });

  it('hands out a frozen value, so no caller can change it for the next', () => {
    const { db } = seeded();
    const { cards } = catalogSnapshot(db);
    expect(() => cards.push(rtx4090)).toThrow(TypeError);
    expect(() => {
      (cards[0] as { memoryGiB: number }).memoryGiB = 1;
    }).toThrow(TypeError);
    expect(() => {
      (cards[0]!.interconnect as { pcieGen: number }).pcieGen = 1;
    }).toThrow(TypeError);
    db.close();
  });
});
