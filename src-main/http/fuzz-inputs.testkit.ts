import type { Channel } from '../ipc/channels';
import type { ChannelInput } from '../ipc/contract';

/** Channels whose valid calls change nothing: the fuzz may send them valid-but-odd inputs too. */
export const READ_ONLY_CHANNELS: ReadonlySet<Channel> = new Set<Channel>([
  'cards:list',
  'offers:list',
  'models:list',
  'settings:get',
  'estimate:compute',
  'estimate:sweep',
  'rank:compute',
  'plan:compute',
  'plan:ownership',
  'serve:compute',
  'runs:list',
  'runs:export',
  'runs:ledger',
  'runs:flags',
]);

const estimate = {
  model: 'qwen2.5-7b',
  method: 'lora',
  precision: 'bf16',
  batchSize: 2,
  seqLen: 1024,
  gradientCheckpointing: true,
  lora: { rank: 16, targets: 'all-linear' },
  gpu: 'rtx-4090',
};

const customShape = {
  model: { params: 13e9, layers: 40, hidden: 5120, heads: 40, kvHeads: 40, vocab: 32000 },
  method: 'qlora',
  precision: 'int4',
  quant: 'bnb',
  batchSize: 1,
  seqLen: 2048,
  gpus: 2,
  sharding: 'zero2',
};

export const validRun = {
  config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 2, seqLen: 1024 },
  card: 'rtx-4090',
  gpus: 1,
  provider: 'AutoDL',
  peakMemoryGiB: 20,
  memoryMeter: 'nvidia-smi',
  tokensPerSecond: 2500,
  durationHours: 3,
  cost: 5.94,
  currency: 'CNY',
  outcome: 'ok',
  notes: 'fuzz base',
  startedAt: '2025-11-30T14:05:00+08:00',
} satisfies ChannelInput<'runs:add'>;

/**
 * One valid input per channel (several for the richer ones): the fuzz mutates these, so
 * every field of every schema gets hit. `card` and `offer` are live rows of the test DB.
 */
export function validInputs(live: { card: unknown; offer: Record<string, unknown> }): Record<Channel, unknown[]> {
  const { id: offerId, ...offerFields } = live.offer;
  return {
    'cards:list': [{}],
    'cards:save': [live.card],
    // An id no row has: deleting a live card would take its offers from the other channels' inputs.
    'cards:delete': [{ id: 'no-such-card' }],
    'offers:list': [{ cardId: 'rtx-4090' }],
    'offers:add': [offerFields],
    'offers:update': [{ id: offerId, patch: { price: 2.5, region: 'cn-north' } }],
    'offers:delete': [{ id: offerId }],
    'models:list': [{}],
    'models:save': [
      {
        id: 'fuzz-model',
        name: 'Fuzz model',
        family: 'fuzz',
        params: 1e9,
        activeParams: 1e9,
        layers: 16,
        hidden: 2048,
        heads: 16,
        kvHeads: 8,
        headDim: 128,
        intermediate: 8192,
        vocab: 32000,
        tiedEmbeddings: true,
        gatedMlp: true,
        experts: 1,
        expertsPerToken: 1,
        maxContext: 4096,
        source: 'fuzz input',
      },
    ],
    // Not read-only (it writes the cache), so the fuzz never sends a valid one: no request leaves the test.
    'models:fetchHf': [{ id: 'Qwen/Qwen2.5-7B', revision: 'main' }],
    'settings:get': [{}],
    'settings:set': [{ language: 'zh-CN', currency: 'USD', headroomFraction: 0.2, usdPerCny: 0.14 }],
    'estimate:compute': [estimate, { ...customShape, calibration: false }],
    'estimate:fit': [{ input: estimate, card: 'rtx-4090' }],
    'estimate:sweep': [estimate, customShape],
    'rank:compute': [
      {
        input: estimate,
        workload: { tokens: 1e8, epochs: 2, tokensPerSample: 512 },
        options: { gpuCounts: [1, 2], billing: 'all', currency: 'CNY', sort: 'cost', calibration: true },
      },
    ],
    'plan:compute': [
      {
        card: 'rtx-4090',
        gpus: 2,
        currency: 'CNY',
        computeHours: 30,
        setupHours: 1,
        idleHours: 0.5,
        spot: { interruptionsPerHour: 0.1, checkpointSaveMinutes: 3, restartMinutes: 5 },
        extras: { storageGB: 100, egressGB: 10 },
        seriesPoints: 20,
      },
    ],
    'plan:ownership': [
      {
        currency: 'CNY',
        cardCount: 8,
        cardPrice: 15000,
        serverPrice: 40000,
        powerW: 4000,
        utilization: 0.4,
        rentalPricePerCardHour: 1.98,
      },
    ],
    'serve:compute': [
      {
        model: 'qwen2.5-7b',
        engine: 'vllm',
        gpu: 'rtx-4090',
        gpus: 2,
        maxModelLen: 8192,
        gpuMemoryUtilization: 0.9,
        kvCacheDtype: 'fp8',
        promptTokens: 512,
        outputTokens: 256,
        requestsPerSecond: 2,
        ttftTargetMs: 1000,
        itlTargetMs: 50,
        targetUtilization: 0.6,
        currency: 'CNY',
      },
    ],
    'runs:list': [
      { limit: 10, offset: 0, sort: ['startedAt', 'desc'], filter: { origin: 'mine', text: 'x', method: 'lora' } },
    ],
    'runs:add': [validRun],
    'runs:update': [{ id: 1, patch: { notes: 'edited', cost: 1, currency: 'USD' } }],
    'runs:delete': [{ id: 1 }],
    'runs:import': [
      {
        format: 'json',
        text: JSON.stringify({
          version: 1,
          runs: [validRun, { ...validRun, gpus: 2, config: { ...validRun.config, gpus: 2 } }],
        }),
      },
    ],
    'runs:export': [{ format: 'csv', origin: 'mine' }],
    'runs:ledger': [{ groupBy: 'month', currency: 'CNY' }],
    'runs:flags': [{ method: 'lora' }],
  };
}
