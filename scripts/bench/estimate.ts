/**
 * Throughput of the memory estimator: full estimates (fit on all catalog cards of data/cards.json)
 * per second over a varied set of inputs, for 2 s. Run: npx tsx scripts/bench/estimate.ts
 * (`npm run bench` runs it with the others).
 */
import { fileURLToPath } from 'node:url';
import { readDataFile } from '../data-files';
import type { Card, ModelPreset } from '../../src-main/domain/catalog';
import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { estimateMemory } from '../../src-main/domain/estimate/memory';
import type { BenchRow } from './row';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');

function variedInputs(): EstimateInput[] {
  const inputs: EstimateInput[] = [];
  const models: EstimateInput['model'][] = [
    ...presets.map((p) => p.id),
    '7b',
    '13b',
    '70b',
    { params: 3e9, hidden: 2560 },
  ];
  const setups: Array<Pick<EstimateInput, 'method' | 'precision' | 'quant'>> = [
    { method: 'inference', precision: 'bf16' },
    { method: 'inference', precision: 'int4', quant: 'gguf-q4_k_m' },
    { method: 'inference', precision: 'int4', quant: 'awq' },
    { method: 'full', precision: 'bf16' },
    { method: 'lora', precision: 'bf16' },
    { method: 'qlora', precision: 'int4' },
  ];
  for (const model of models) {
    for (const setup of setups) {
      for (const [batchSize, seqLen] of [
        [1, 2048],
        [4, 4096],
        [16, 512],
      ] as const) {
        inputs.push({
          model,
          ...setup,
          batchSize,
          seqLen,
          gradientCheckpointing: batchSize > 1,
          gpus: batchSize === 16 ? 4 : 1,
          sharding: batchSize === 16 ? 'fsdp' : 'none',
        });
      }
    }
  }
  return inputs;
}

/** Full estimates per second over the varied inputs, for `ms` of wall clock after a warm-up. */
export function benchEstimate(ms = 2000): BenchRow[] {
  const inputs = variedInputs();
  const ctx = { presets, cards };
  for (const input of inputs) estimateMemory(input, ctx); // warm-up
  let count = 0;
  let checksum = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (const input of inputs) {
      checksum += estimateMemory(input, ctx).perGpu.totalBytes;
      count += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  // The checksum keeps the work from being optimised away.
  if (!Number.isFinite(checksum)) throw new Error('an estimate was not finite');
  return [
    {
      bench: 'estimate',
      what: `full estimates (${cards.length} cards each, ${inputs.length} varied inputs)`,
      value: Math.round(count / seconds),
      unit: 'per s',
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of benchEstimate()) console.log(`${row.value.toLocaleString('en-US')} ${row.unit}: ${row.what}`);
}
