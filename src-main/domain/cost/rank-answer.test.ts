import { describe, expect, it } from 'vitest';
import { english } from '../messages';
import type { Candidate } from './rank';
import { rankAnswer, rowsByOffer, setUpOf } from './rank-answer';
import { testCandidate } from './candidate.testkit';

/** A row with only what the answer reads; the rest is filler. */
const row = (offerId: string, gpus: number, jobCost: number | null, hours: number | null, per1M = 1): Candidate =>
  testCandidate({
    gpus,
    offerId,
    provider: offerId.toUpperCase(),
    tokensPerSecond: 1000 * gpus,
    costPer1MTokens: per1M,
    hours,
    jobCost,
  });

describe('rankAnswer', () => {
  it('names the cheapest job, then the fastest costing at most 20% more', () => {
    const answer = rankAnswer([
      row('b', 2, 7.9, 3), // 17% more than a: within 20%
      row('a', 1, 6.73, 5.4),
      row('c', 8, 8.2, 1), // 22% more: too dear
    ]);
    expect(answer?.cheapest.offerId).toBe('a');
    expect(answer?.faster?.offerId).toBe('b');
    expect(answer?.lines.map(english)).toEqual([
      'Cheapest for your job: RTX 4090 ×1 at A, ¥6.73, 5.4 h',
      'Fastest within 20% of that cost: RTX 4090 ×2 at B, ¥7.90, 3 h',
    ]);
  });

  it('says only the cheapest when nothing faster is within 20%, and nothing when nothing fits', () => {
    const answer = rankAnswer([row('a', 1, 10, 2), row('b', 2, 12.5, 1)]);
    expect(answer?.faster).toBeNull();
    expect(answer?.lines).toHaveLength(1);
    expect(rankAnswer([])).toBeNull();
  });

  it('says what the cheapest job likely costs, from its speed’s held-out range, under its first line', () => {
    const cheapest = { ...row('a', 1, 6.73, 5.4), jobCostLikely: { low: 5.8, high: 8.9 } };
    const answer = rankAnswer([cheapest, row('c', 8, 9, 1)]);
    expect(answer?.lines).toHaveLength(2);
    expect(english(answer!.lines[1]!)).toMatch(/^likely ¥5\.80–¥8\.90: /);
  });

  it('without a job, answers by cost per 1M tokens', () => {
    const answer = rankAnswer([row('a', 1, null, null, 0.5), row('b', 1, null, null, 0.4)]);
    expect(answer?.cheapest.offerId).toBe('b');
    expect(english(answer!.lines[0]!)).toBe('Cheapest per 1M tokens: RTX 4090 ×1 at B, ¥0.40, 1,000 tokens/s');
  });
});

describe('a set-up in words', () => {
  it('names the sharding where the row splits the training state over its GPUs, and only there', () => {
    const words = (fields: Partial<Candidate>) => english(setUpOf(testCandidate(fields)));
    expect(words({ gpus: 4, sharding: 'zero3', shardedToFit: true })).toBe('RTX 4090 ×4 with ZeRO-3');
    // A sharding the set-up chose is named too; on one GPU, or without one, there is nothing to name.
    expect(words({ gpus: 8, sharding: 'fsdp' })).toBe('RTX 4090 ×8 with FSDP (full shard)');
    expect(words({ gpus: 1, sharding: 'zero3' })).toBe('RTX 4090 ×1');
    expect(words({ gpus: 2 })).toBe('RTX 4090 ×2');
    const answer = rankAnswer([testCandidate({ gpus: 4, sharding: 'zero2', shardedToFit: true, provider: 'AutoDL' })]);
    expect(english(answer!.lines[0]!)).toBe('Cheapest for your job: RTX 4090 ×4 with ZeRO-2 at AutoDL, ¥20.00, 10 h');
  });
});

describe('rowsByOffer', () => {
  it("keeps each offer's first row in ranking order and puts its other GPU counts behind it", () => {
    const groups = rowsByOffer([row('a', 2, 5, 1), row('b', 1, 6, 2), row('a', 1, 7, 2), row('a', 8, 9, 0.3)]);
    expect(groups.map((g) => [g.best.offerId, g.best.gpus, g.others.map((o) => o.gpus)])).toEqual([
      ['a', 2, [1, 8]],
      ['b', 1, []],
    ]);
  });
});
