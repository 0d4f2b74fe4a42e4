import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApp, type App } from '../app';
import * as queries from '../db/calibration-queries';
import { methodSchema } from '../domain/estimate/choices';
import { WARM_UP_ORDER, warmUp, warmUpSoon } from './warm-up';

// Counts the reads of logged runs, the part of a first estimate the warm-up takes ahead of it.
vi.mock('../db/calibration-queries', async (original) => {
  const actual = await original<typeof import('../db/calibration-queries')>();
  return { ...actual, runsWithIds: vi.fn(actual.runsWithIds) };
});

let dir: string;
let warmed: App;
let cold: App;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-warm-up-'));
  warmed = openApp({ dbPath: path.join(dir, 'warmed.db') });
  cold = openApp({ dbPath: path.join(dir, 'cold.db') });
});
afterAll(() => {
  warmed.close();
  cold.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const INPUT = { model: 'llama-3.1-8b', method: 'qlora', gpu: 'rtx-4090', batchSize: 2, seqLen: 2048 } as const;

describe('warmUp', () => {
  it('reads every method’s runs ahead, so the first estimate reads none and answers as an unwarmed store does', async () => {
    warmUp(warmed.db);
    const reads = vi.mocked(queries.runsWithIds);
    reads.mockClear();
    const answer = await warmed.dispatcher.dispatch('estimate:compute', INPUT);
    expect(reads).not.toHaveBeenCalled();
    expect(answer.ok).toBe(true);

    const unwarmed = await cold.dispatcher.dispatch('estimate:compute', INPUT);
    expect(reads).toHaveBeenCalled();
    expect(answer).toEqual(unwarmed);
  });

  it('leaves a method with more runs than it may read to that method’s first estimate', async () => {
    const big = openApp({ dbPath: path.join(dir, 'big.db') });
    try {
      // The published runs alone hold more QLoRA runs than this.
      warmUp(big.db, 10);
      const reads = vi.mocked(queries.runsWithIds);
      reads.mockClear();
      const answer = await big.dispatcher.dispatch('estimate:compute', INPUT);
      expect(answer.ok).toBe(true);
      expect(reads).toHaveBeenCalled();
    } finally {
      big.close();
    }
  });

  it('warms every method once, one per idle moment it is given, and asks for none after the last', async () => {
    expect([...WARM_UP_ORDER].sort()).toEqual([...methodSchema.options].sort());
    const idle: (() => void)[] = [];
    const store = openApp({ dbPath: path.join(dir, 'soon.db') });
    try {
      warmUpSoon(store.db, (task) => idle.push(task));
      let moments = 0;
      while (idle.length > 0) {
        idle.shift()!();
        moments++;
      }
      // One moment per method, and the one that finds none left.
      expect(moments).toBe(WARM_UP_ORDER.length + 1);
      const reads = vi.mocked(queries.runsWithIds);
      reads.mockClear();
      for (const method of WARM_UP_ORDER)
        expect((await store.dispatcher.dispatch('estimate:compute', { ...INPUT, method })).ok).toBe(true);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      store.close();
    }
  });
});
