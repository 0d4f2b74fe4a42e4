/**
 * Everything the domain, the handlers and the store say is a message (a code with parameters),
 * never an English sentence: answers and errors of every computing channel over a real database
 * hold strings only where they carry data (ids, names, enum values, dates), and every message,
 * rendered in Chinese with its data masked, has no English word left but product names and units.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { typedCalls } from '../ipc/call.testkit';
import type { ChannelInput } from '../ipc/contract';
import { isMessage, renderMessage, type Message, type MessageParam } from '../domain/messages';
import { catalogs } from '../domain/messages/catalogs';

let dir: string;
let app: App;
const call = typedCalls(() => app.dispatcher);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-messages-'));
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
});
afterAll(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Keys whose string values are data the user or the catalog gave, not sentences the code wrote. */
const DATA_KEYS = new Set([
  'id',
  'card',
  'cardId',
  'cardName',
  'name',
  'gpu',
  'model',
  'provider',
  'region',
  'offerId',
  'billing',
  'currency',
  'granularity',
  'method',
  'precision',
  'quant',
  'optimizer',
  'sharding',
  'kvCachePrecision',
  'inferenceRuntime',
  'kind',
  'bound',
  // A card's verdict (fits, tight, no): an enum the doors translate.
  'verdict',
  'item',
  'key',
  'cheaperBefore',
  'cheaperAfter',
  'targets',
  'runIds',
  'field',
  'code',
  'observedAt',
  'source',
  // The recipe fields' choices (enum values, data like the method's).
  'framework',
  'quantBackend',
  'packing',
  'peerToPeer',
  'crossEntropy',
  'gpuLink',
  // The serve input's choices (issue 17).
  'engine',
  'kvCacheDtype',
  'convertedFrom',
  // The group of held-out runs a speed interval rests on (a token band, a kind of decoding): enums the doors word.
  'band',
  'decode',
]);

/** The English a Chinese sentence may keep: units, product and library names, formula symbols. */
const ALLOWED_IN_CHINESE = new Set(
  [
    'GiB GB TFLOPS FLOPs MFU LoRA QLoRA NVLink PCIe HBM GDDR BF16 FP32 MoE KV GPU CPU CUDA token',
    'FlashAttention SDPA AdamW Paged SGD bitsandbytes LLM.int bit GPTQ AWQ GGUF NF ZeRO FSDP DDP SwiGLU GQA MLP fp bf int',
    'Hugging Face Trainer PEFT transformers torch torch.compile reserved allocated offload logits true false',
    'llama.cpp vLLM PyTorch eager HF generate all-gather reduce-scatter all-reduce CNY USD kernel',
    'nvidia-smi torch-reserved torch-allocated tokensPerSecond config mine ISO JSON GeForce ExLlama GPTQConfig use_exllama',
    'SGLang max_model_len mem_fraction_static parallel auto K_M prepare_model_for_kbit_training',
    'FOAK unsloth Liger fused dropout',
  ]
    .join(' ')
    .split(' ')
    .map((word) => word.toLowerCase()),
);

/** Every string outside a message whose key is not a data key, with its path. */
function strayStrings(value: unknown, at = '', key = ''): string[] {
  if (typeof value === 'string') return DATA_KEYS.has(key) ? [] : [`${at} = ${JSON.stringify(value).slice(0, 120)}`];
  if (isMessage(value)) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => strayStrings(item, `${at}[${i}]`, key));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strayStrings(v, `${at}.${k}`, k));
  }
  return [];
}

/** Every message inside `value`. */
function messagesIn(value: unknown): Message[] {
  if (isMessage(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(messagesIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(messagesIn);
  return [];
}

/** The message with its string parameters masked (they are data: names, ids, formulas). */
function masked(message: Message): Message {
  const params: Record<string, MessageParam> = {};
  for (const [name, param] of Object.entries(message.params ?? {})) {
    params[name] = typeof param === 'string' ? '∎' : isMessage(param) ? masked(param) : param;
  }
  return { code: message.code, params };
}

function englishWordsInChinese(message: Message): string[] {
  const text = renderMessage(masked(message), catalogs['zh-CN'], 'zh-CN');
  const words = text.match(/[A-Za-z][A-Za-z_.-]*[A-Za-z]/g) ?? [];
  return words.filter((word) => !ALLOWED_IN_CHINESE.has(word.toLowerCase()));
}

function expectOnlyMessages(label: string, value: unknown): void {
  expect(strayStrings(value), `${label}: strings outside a message`).toEqual([]);
  const messages = messagesIn(value);
  for (const message of messages) {
    const known = Object.keys(catalogs.en).some((key) => key === message.code || key.startsWith(`${message.code}_`));
    expect(known, `${label}: unknown code ${message.code}`).toBe(true);
    expect(englishWordsInChinese(message), `${label}: ${message.code} in Chinese`).toEqual([]);
  }
}

const lora = { model: 'llama-2-13b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 } as const;

describe('every sentence a channel answers is a message', () => {
  it('serve:compute: memory lines, fits and refusals with advice, speed, offers and the answer', async () => {
    const inputs: ChannelInput<'serve:compute'>[] = [
      { model: 'qwen2.5-7b', maxModelLen: 8192 },
      { model: 'llama-3.1-70b', gpu: 'rtx-4090', engine: 'sglang' },
      { model: 'llama-3.1-8b', gpu: 'rtx-3090', engine: 'llamacpp', maxModelLen: 131072, maxNumSeqs: 4 },
      { model: 'llama-3.1-8b', gpu: 'a100-80gb', gpus: 1, gpuMemoryUtilization: 1 },
    ];
    for (const input of inputs) {
      const output = await call.ok('serve:compute', input);
      expectOnlyMessages(JSON.stringify(input), output);
      expect(messagesIn(output.answer).length).toBe(1);
    }
  });

  it('estimate:compute: training on one and many cards, offloads, QLoRA and inference runtimes', async () => {
    const inputs = [
      { ...lora, gpu: 'rtx-4090' },
      { ...lora, gpus: 8, sharding: 'fsdp', gpu: 'a100-80gb' },
      { ...lora, method: 'qlora', precision: 'int4', quant: 'bnb', sharding: 'fsdp', gpu: 'a100-80gb' },
      { ...lora, gpus: 4, gpu: 'rtx-4090', optimizerOffload: true, activationOffload: true },
      { ...lora, method: 'qlora', precision: 'int4', quant: 'bnb', gpu: 'rtx-3090' },
      { ...lora, method: 'full', precision: 'fp32', mixedPrecision: false, gpu: 'a100-40gb' },
      {
        model: 'llama-2-70b',
        method: 'inference',
        precision: 'int4',
        quant: 'gptq',
        batchSize: 1,
        seqLen: 4096,
        gpus: 2,
        gpu: 'rtx-4090',
      },
      { ...lora, method: 'inference', inferenceRuntime: 'eager', gpu: 'h20-96gb' },
    ] as const;
    for (const input of inputs) {
      const output = await call.ok('estimate:compute', input);
      expectOnlyMessages(JSON.stringify(input), output);
      expect(messagesIn(output.speed).length).toBeGreaterThan(0);
    }
  });

  it('rank:compute: reasons, formulas, exclusions and assumptions, in one currency and converted', async () => {
    const optionSets: ChannelInput<'rank:compute'>['options'][] = [
      { currency: 'CNY' },
      { currency: 'USD', gpuCounts: [1, 8] },
      { billing: 'monthly' },
    ];
    for (const options of optionSets) {
      const output = await call.ok('rank:compute', {
        input: lora,
        workload: { tokens: 5e7, tokensPerSample: 512 },
        options,
      });
      expect(output.candidates.length + output.excluded.length).toBeGreaterThan(0);
      expectOnlyMessages(JSON.stringify(options), output);
    }
  });

  it('plan:compute and plan:ownership: labels, bill lines, notes, assumptions and the reclaim source', async () => {
    for (const card of ['rtx-4090', 'a100-80gb']) {
      for (const currency of ['CNY', 'USD'] as const) {
        const result = await app.dispatcher.dispatch('plan:compute', {
          card,
          currency,
          computeHours: 30,
          spot: { userPriceFraction: 0.3 },
        });
        if (!result.ok) {
          expect(result.error.detail, `${card} ${currency}`).toBeDefined();
          continue;
        }
        expectOnlyMessages(`${card} ${currency}`, result.data);
      }
    }
    expectOnlyMessages('ownership', await call.ok('plan:ownership', { cardPrice: 20000, powerW: 450 }));
  });

  it('runs:flags and the calibration flags of an estimate', async () => {
    const run = { config: { ...lora, gpu: 'rtx-4090' }, card: 'rtx-4090', gpus: 1, outcome: 'ok' } as const;
    await call.ok('runs:add', { ...run, tokensPerSecond: 3000, peakMemoryGiB: 20, memoryMeter: 'nvidia-smi' });
    await call.ok('runs:add', { ...run, tokensPerSecond: 2000 });
    await call.ok('runs:add', { ...run, outcome: 'oom' });
    const { flags } = await call.ok('runs:flags', { method: 'lora' });
    expect(flags.length).toBeGreaterThan(0);
    expectOnlyMessages('runs:flags', flags);
    const estimate = await call.ok('estimate:compute', { ...lora, gpu: 'rtx-4090' });
    expect(estimate.calibration?.flags.length).toBeGreaterThan(0);
    expectOnlyMessages('calibration', estimate.calibration);
  });

  it('errors: every refusal carries its sentence as a message, an import every bad row', async () => {
    const refusals: [string, unknown][] = [
      ['estimate:compute', { ...lora, batchSize: 1e30 }],
      ['estimate:compute', { ...lora, model: 'no-such-model' }],
      ['estimate:compute', { ...lora, gpu: 'no-such-card' }],
      ['offers:update', { id: 'no-such-offer', patch: { price: 2 } }],
      ['offers:update', { id: 'x', patch: { price: 'cheap' } }],
      ['plan:compute', { card: 'rtx-4090', computeHours: 10, provider: 'Nobody' }],
      ['plan:compute', { card: 'rtx-4090', computeHours: 10, spot: { userPricePerHour: 1, userPriceFraction: 0.2 } }],
      ['plan:ownership', { cardPrice: 100, powerW: 100, resaleValue: 1e6 }],
      ['runs:add', { config: lora, card: 'rtx-4090', gpus: 1, outcome: 'ok', peakMemoryGiB: 20 }],
      ['runs:update', { id: 1, patch: { notes: 'mine now' } }],
      ['runs:import', { format: 'csv', text: 'card,gpus\r\n"x,1\r\n' }],
      ['runs:import', { format: 'json', text: '{"version":1,"runs":[{"card":"rtx-4090","gpus":0,"outcome":"fine"}]}' }],
      ['cards:drop', {}],
    ];
    for (const [channel, input] of refusals) {
      const error = await call.refused(channel, input);
      expect(error.detail, `${channel} ${JSON.stringify(input)}`).toBeDefined();
      expectOnlyMessages(channel, { detail: error.detail, issues: error.issues?.map((issue) => issue.detail) });
      for (const issue of error.issues ?? []) expect(issue.detail).toBeDefined();
    }
  });
});
