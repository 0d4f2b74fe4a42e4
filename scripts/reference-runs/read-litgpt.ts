import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { type Reading, loraTargetsOf, shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * LoRA settings of Lightning-AI/litgpt@3352a7aad4dabb6f56be6429c27830b481691eb4
 * config_hub/finetune/<model>/{lora,qlora}.yaml, for README rows that leave rank and targets out. That is a later
 * commit than the benchmark README's (00af8b0d); each row's gradient accumulation was read from the yaml at 00af8b0d
 * (the record's notes in data/measurements/public.json). `head` = lora_head true.
 */
const CONFIG_HUB_LORA: Record<string, { rank: number; targets: string[] }> = {
  'falcon-7b/lora': { rank: 32, targets: ['q', 'v'] },
  'falcon-7b/qlora': { rank: 32, targets: ['q', 'v'] },
  'gemma-2b/lora': { rank: 8, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'gemma-2b/qlora': { rank: 16, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'gemma-7b/lora': { rank: 16, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'gemma2-9b/lora': { rank: 16, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'gemma2-9b/qlora': { rank: 16, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'phi-2/lora': { rank: 8, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'phi-2/qlora': { rank: 8, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'phi-3/lora': { rank: 8, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'phi-3/qlora': { rank: 8, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'tiny-llama/lora': { rank: 32, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
  'tiny-llama/qlora': { rank: 32, targets: ['q', 'k', 'v', 'proj', 'mlp', 'head'] },
};

/**
 * Lightning-AI/litgpt config_hub/finetune README: automated fine-tuning benchmarks on A10G in bf16-true
 * (weights, gradients and optimizer states in bf16), Alpaca2k padded to the longest sample of a micro-batch.
 */
export const readLitgpt: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: litgpt row without batch/seq`);
  const gpus = rec.num_gpus ?? 1;
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: rec.task,
    precision: rec.task === 'qlora' ? 'int4' : 'bf16',
    quant: rec.task === 'qlora' ? 'bnb' : 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: 'adamw',
    mixedPrecision: false,
    gradientCheckpointing: rec.gradient_checkpointing ?? false,
    flashAttention: !/gemma2/.test(rec.id),
  };
  r.say('pure bf16 (no fp32 master weights)');
  if (config.flashAttention) r.say('SDPA (flash/mem-efficient) -> flashAttention true');
  else r.say('litgpt computes attention manually when logit softcapping is set (Gemma 2) -> no SDPA/flash');
  if (rec.task !== 'full') {
    config.lora = loraOf(r);
    r.say('lora_dropout 0.05 or 0.1 in every config_hub LoRA/QLoRA yaml at 00af8b0d -> the litgpt preset (dropout on)');
  }
  if (/unpacked|padded to longest/.test(rec.seq_len_note ?? ''))
    r.say('seqLen is the max length: samples unpacked, real lengths shorter');
  config.gpus = gpus;
  config.sharding = gpus > 1 ? 'fsdp' : 'none';
  return config;
};

function loraOf(r: Reading): NonNullable<EstimateInput['lora']> {
  const rec = r.record;
  if (rec.lora_rank !== null && rec.lora_targets !== null)
    return { rank: rec.lora_rank, targets: loraTargetsOf(r, rec.lora_targets) };
  const key = `${rec.id.replace(/^litgpt-/, '').replace(/-(q?lora)-\d+xa10g$/, '')}/${rec.task}`;
  const hub = CONFIG_HUB_LORA[key];
  if (!hub) throw new Error(`${rec.id}: LoRA settings not stated and not in CONFIG_HUB_LORA (${key})`);
  r.say('LoRA r/targets from litgpt config_hub @3352a7aa (a later commit than the benchmark); row left them null');
  return { rank: hub.rank, targets: loraTargetsOf(r, hub.targets) };
}
