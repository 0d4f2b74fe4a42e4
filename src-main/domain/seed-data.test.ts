import { describe, expect, it } from 'vitest';
import { readDataFile, readReferenceRuns } from '../../scripts/data-files';
import { z } from 'zod';
import { cardSchema, modelPresetSchema, offerSchema, type ModelShape } from './catalog';

const readSeed = (name: string): unknown => readDataFile<unknown>(name);

function expectUniqueIds(rows: { id: string }[]): void {
  const seen = new Set<string>();
  const duplicates = rows.map((row) => row.id).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  expect(duplicates).toEqual([]);
}

/**
 * Decoder parameter count from a shape, ignoring norms and biases (< 1% of any model here):
 * embeddings (+ LM head unless tied) + per layer Q/O (h·a·d each), K/V (h·kv·d each) and the MLP
 * (3 matrices gated, 2 plain, times the expert count). Independent of how the seed files were made.
 */
function approxParams(m: ModelShape): number {
  const attention = 2 * m.hidden * m.heads * m.headDim + 2 * m.hidden * m.kvHeads * m.headDim;
  const mlp = m.experts * (m.gatedMlp ? 3 : 2) * m.hidden * m.intermediate;
  return m.vocab * m.hidden * (m.tiedEmbeddings ? 1 : 2) + m.layers * (attention + mlp);
}

const cards = z.array(cardSchema).parse(readSeed('cards.json'));
const referenceCards = z.array(cardSchema).parse(readSeed('reference-cards.json'));
const offers = z.array(offerSchema).parse(readSeed('offers.json'));
const models = z.array(modelPresetSchema).parse(readSeed('models.json'));

const runs = readReferenceRuns();

/** The cards users rent most (DESIGN.md): each has two or more example offers. */
const RENTED_MOST = [
  'a100-40gb',
  'a100-80gb',
  'a100-80gb-pcie',
  'a800-80gb',
  'h20-96gb',
  'rtx-3090',
  'rtx-4090',
  'rtx-5090',
];
/** Issue 12's cards: an example offer only where a public source gave a price. */
const ISSUE_12_CARDS = [
  'h100-sxm',
  'h100-pcie',
  'h800-80gb',
  'l40s',
  'rtx-4090d',
  'rtx-a6000',
  'l20-48gb',
  'v100-sxm2-32gb',
];
/** No stored public source priced these (research/prices.md); the catalog's offer form is where a user adds one. */
const UNPRICED = ['h100-pcie', 'l40s', 'v100-sxm2-32gb'];

describe('data/cards.json and data/reference-cards.json', () => {
  it('holds exactly the built-in cards, each id once', () => {
    expectUniqueIds(cards);
    expect(cards.map((c) => c.id).sort()).toEqual([...RENTED_MOST, ...ISSUE_12_CARDS].sort());
  });

  it('keeps reference cards apart from the catalog', () => {
    expectUniqueIds([...cards, ...referenceCards]);
  });

  it('never lists a sparse rate as the dense BF16 rate (dense BF16 <= INT8 dense)', () => {
    for (const card of [...cards, ...referenceCards]) {
      if (card.int8Tops !== null) expect(card.bf16Tflops, card.id).toBeLessThanOrEqual(card.int8Tops);
    }
  });
});

describe('data/offers.json', () => {
  const cardIds = new Set(cards.map((c) => c.id));

  it('has unique ids and only offers cards in the catalog', () => {
    expectUniqueIds(offers);
    expect(offers.filter((o) => !cardIds.has(o.cardId)).map((o) => o.id)).toEqual([]);
  });

  it('gives every card at least two offers, each with a date and a source', () => {
    for (const id of RENTED_MOST) expect(offers.filter((o) => o.cardId === id).length, id).toBeGreaterThanOrEqual(2);
    for (const id of ISSUE_12_CARDS) {
      expect(
        offers.some((o) => o.cardId === id),
        id,
      ).toBe(!UNPRICED.includes(id));
    }
    for (const offer of offers) {
      expect(offer.observedAt.length, offer.id).toBeGreaterThan(0);
      expect(offer.source.length, offer.id).toBeGreaterThan(20);
    }
  });
});

describe('data/models.json', () => {
  it('has unique ids and the required presets', () => {
    expectUniqueIds(models);
    const ids = new Set(models.map((m) => m.id));
    for (const id of [
      'llama-2-7b',
      'llama-3.1-70b',
      'qwen2.5-72b',
      'qwen3-32b',
      'mixtral-8x7b',
      'gemma-2-27b',
      'phi-3-mini',
      'qwen3-30b-a3b',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it('states params that agree with the shape within 1%', () => {
    for (const m of models) expect(Math.abs(approxParams(m) / m.params - 1), m.id).toBeLessThan(0.01);
  });

  it('uses all params per token for dense models and fewer for MoE', () => {
    for (const m of models) {
      if (m.experts === 1) expect([m.activeParams, m.expertsPerToken], m.id).toEqual([m.params, 1]);
      else expect(m.activeParams, m.id).toBeLessThan(m.params / 3);
    }
  });
});

describe('data/reference-runs.json', () => {
  const knownCards = new Set([...cards, ...referenceCards].map((c) => c.id));

  it('has unique ids and links every named GPU to a known card', () => {
    expectUniqueIds(runs);
    expect(runs.filter((r) => r.card !== null && !knownCards.has(r.card)).map((r) => r.id)).toEqual([]);
    for (const run of runs) if (run.config?.gpu !== undefined) expect(run.config.gpu, run.id).toBe(run.card);
  });

  it('gives each model shape params that agree with it within 1%', () => {
    for (const run of runs) {
      const model = run.config?.model;
      if (model === undefined || typeof model === 'string') continue;
      expect(Math.abs(approxParams(model as ModelShape) / model.params - 1), run.id).toBeLessThan(0.01);
    }
  });

  it('pairs every memory figure with a meter and every throughput with its kind and scope', () => {
    for (const { id, measured } of runs) {
      if (measured.peakMemoryBytes !== null) expect(measured.memoryMeter, id).not.toBeNull();
      if (measured.tokensPerSecond !== null) {
        expect(measured.throughputKind, id).not.toBeNull();
        expect(measured.throughputScope, id).not.toBeNull();
      }
      if (measured.oom === true) expect([measured.peakMemoryBytes, measured.tokensPerSecond], id).toEqual([null, null]);
    }
  });

  it('keeps peak memory below the card capacity for runs that did not run out of memory', () => {
    const capacityBytes = new Map([...cards, ...referenceCards].map((c) => [c.id, c.memoryGiB * 2 ** 30]));
    for (const run of runs) {
      const capacity = run.card === null ? undefined : capacityBytes.get(run.card);
      if (capacity !== undefined && run.measured.peakMemoryBytes !== null) {
        expect(run.measured.peakMemoryBytes, run.id).toBeLessThanOrEqual(capacity);
      }
    }
  });
});
