import type { Candidate } from './rank';

/** One ranked row: an RTX 4090 hourly in CNY, 1 GPU, plain data parallel, with whatever `fields` change (tests only). */
export function testCandidate(fields: Partial<Candidate> = {}): Candidate {
  return {
    card: 'rtx-4090',
    cardName: 'RTX 4090',
    gpus: 1,
    sharding: 'none',
    shardedToFit: false,
    offerId: 'o',
    provider: 'P',
    billing: 'hourly',
    currency: 'CNY',
    pricePerGpuHour: 2,
    fits: true,
    memoryBytesPerGpu: 1,
    tokensPerSecond: 1000,
    costPer1MTokens: 1,
    costPer1kSamples: null,
    hours: 10,
    jobCost: 20,
    jobCostLikely: null,
    hoursLikely: null,
    pareto: false,
    reason: { code: 'rank.reason.overhead' },
    explain: [],
    ...fields,
  };
}
