import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { serveCompute } from './compute';
import { serveCapacity, serveThroughput } from './one-server';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');
const card = cards.find((c) => c.id === 'h100-sxm')!;

describe('one server, as serve-data scores it', () => {
  it('serveCapacity and serveThroughput answer what serve:compute says for the same server', () => {
    const input = { model: 'llama-3.1-8b', maxModelLen: 16384, gpus: 2, requestsPerSecond: 4 };
    const setup = serveCompute({ ...input, gpu: 'h100-sxm' }, { presets, cards, offers: [], currency: 'CNY' })
      .setups[0]!;
    const capacity = serveCapacity(input, { presets, card });
    expect(capacity.kvPoolTokens).toBe(setup.kvPoolTokens);
    expect(capacity.maxConcurrentSequences).toEqual(setup.maxConcurrentSequences);
    expect(capacity.setup.gpus).toBe(2);
    expect(serveThroughput(input, { presets, card })).toEqual(setup.speed);
  });

  it('serveThroughput is null where the model does not fit', () => {
    expect(
      serveThroughput({ model: 'llama-3.1-70b' }, { presets, card: cards.find((c) => c.id === 'rtx-4090')! }),
    ).toBeNull();
  });
});
