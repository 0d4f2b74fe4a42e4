import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCards } from './cards-repo';
import { listModels } from './models-repo';
import { listOffers } from './offers-repo';
import { openDb } from './open';
import { bundledAssets } from './bundled';
import { seedFromData } from './seed';
import { tempDir } from './test-support.testkit';

describe('the shipped data/ folder', () => {
  it('seeds completely from the bundled data and reads back equal to the files', () => {
    const dataDir = path.join(import.meta.dirname, '..', '..', 'data');
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    const result = seedFromData(db, bundledAssets.data);
    const count = (name: string) => (JSON.parse(fs.readFileSync(path.join(dataDir, name), 'utf8')) as unknown[]).length;
    expect(result.written).toEqual({
      cards: count('cards.json'),
      offers: count('offers.json'),
      models: count('models.json'),
    });
    expect(listCards(db)).toHaveLength(count('cards.json'));
    expect(listOffers(db)).toHaveLength(count('offers.json'));
    expect(listModels(db)).toHaveLength(count('models.json'));
    db.close();
  });
});
