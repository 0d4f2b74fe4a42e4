import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { serveEngineSchema } from '../fields/serve-fields';
import { engineMemory } from './engine-memory';
import { engineSetup, settleServeInput } from './input';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');

const arbitraryServer = fc.record({
  model: fc.constantFrom(...presets.map((p) => p.id)),
  card: fc.constantFrom(...cards),
  engine: fc.constantFrom(...serveEngineSchema.options),
  gpus: fc.constantFrom(1, 2, 4, 8),
  utilization: fc.double({ min: 0.05, max: 1, noNaN: true }),
  // Every preset takes 4096 tokens (the shortest limit in data/models.json).
  maxModelLen: fc.integer({ min: 16, max: 4096 }),
  kvCacheDtype: fc.constantFrom('auto' as const, 'fp8' as const),
  maxNumBatchedTokens: fc.integer({ min: 16, max: 16384 }),
});

type Server = typeof arbitraryServer extends fc.Arbitrary<infer T> ? T : never;

function pool(s: Server, change: Partial<{ utilization: number; gpus: number }> = {}) {
  const settled = settleServeInput(
    {
      model: s.model,
      engine: s.engine,
      gpuMemoryUtilization: change.utilization ?? s.utilization,
      maxModelLen: s.maxModelLen,
      kvCacheDtype: s.kvCacheDtype,
      maxNumBatchedTokens: s.maxNumBatchedTokens,
    },
    presets,
  );
  return engineMemory(settled.model, s.card, engineSetup(settled, s.card, change.gpus ?? s.gpus));
}

describe('serve memory properties (fast-check, fixed seeds)', () => {
  it('the KV pool is never negative, nor its tokens or blocks', () => {
    fc.assert(
      fc.property(arbitraryServer, (s) => {
        const m = pool(s);
        expect(m.lines.kvPoolBytes).toBeGreaterThanOrEqual(0);
        expect(m.kvPoolTokens).toBeGreaterThanOrEqual(0);
        expect(m.kvPoolBlocks).toBeGreaterThanOrEqual(0);
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('more utilization never shrinks the pool', () => {
    fc.assert(
      fc.property(arbitraryServer, fc.double({ min: 0, max: 0.5, noNaN: true }), (s, more) => {
        const higher = Math.min(1, s.utilization + more);
        expect(pool(s, { utilization: higher }).lines.kvPoolBytes).toBeGreaterThanOrEqual(pool(s).lines.kvPoolBytes);
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it('twice the GPUs never hold fewer tokens of the model in the pool', () => {
    fc.assert(
      fc.property(arbitraryServer, (s) => {
        expect(pool(s, { gpus: s.gpus * 2 }).kvPoolTokens).toBeGreaterThanOrEqual(pool(s).kvPoolTokens);
      }),
      { seed: 29, numRuns: 300 },
    );
  });

  it('for the paged engines the pool lies within the budget: weights + activations + pool never exceed it', () => {
    fc.assert(
      fc.property(arbitraryServer, (s) => {
        const m = pool(s);
        if (m.lines.budgetBytes === null || m.lines.kvPoolBytes === 0) return;
        const used = m.lines.weightsBytes + m.lines.kvPoolBytes + (s.engine === 'vllm' ? m.lines.activationBytes : 0);
        expect(used).toBeLessThanOrEqual(m.lines.budgetBytes * (1 + 1e-12));
      }),
      { seed: 31, numRuns: 300 },
    );
  });
});
