import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { type Reading, type ReadingContext, loraTargetsOf, shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * The torchtune README tables and tutorials (pytorch/torchtune). torchtune trains in pure bf16 with
 * SDPA; NF4 bases come from torchao (the same NF4 format as bitsandbytes); several GPUs mean FSDP.
 */
export const readTorchtune: Reader = (r, ctx) => {
  const rec = r.record;
  const config: EstimateInput = trainingBase(r, ctx);
  const optimizer = rec.optimizer ?? '';
  if (/^not stated per row/.test(optimizer)) {
    config.optimizer = 'paged-adamw-8bit';
    r.say('optimizer not stated per row -> config default paged-adamw-8bit');
  } else if (/PagedAdamW8bit/.test(optimizer)) {
    config.optimizer = 'paged-adamw-8bit';
  } else if (/PagedAdamW\b/.test(optimizer)) {
    config.optimizer = 'paged-adamw';
    r.say('bitsandbytes PagedAdamW -> paged-adamw (32-bit states in CUDA managed memory)');
  } else if (/8-bit AdamW/.test(optimizer)) {
    config.optimizer = 'adamw-8bit';
  } else {
    config.optimizer = 'adamw';
  }
  if (/CPU offload/.test(optimizer)) {
    config.optimizerOffload = true;
    r.say(
      "fsdp_cpu_offload=True (README footnote 'Uses CPU offload with fused optimizer') -> optimizerOffload true (FSDP keeps weight shards, gradients and AdamW states in CPU memory)",
    );
  }
  if (/^not stated per row.*optimizer_in_bwd/.test(optimizer)) {
    config.optimizerInBackward = true;
    r.say('optimizer_in_bwd=True (config default named by the source) -> optimizerInBackward true');
  } else if (/optimizer_in_bwd/.test(optimizer)) {
    config.optimizerInBackward = true;
    r.say(
      /config llama3_1/.test(optimizer)
        ? 'optimizer_in_bwd=True (source optimizer field) -> optimizerInBackward true'
        : 'optimizer_in_bwd (source optimizer field) -> optimizerInBackward true',
    );
  }
  r.say('pure bf16 (no fp32 master weights)');
  if (rec.gradient_checkpointing === null) {
    config.gradientCheckpointing = true;
    r.say('A6000 row: config defaults assumed (AC on); memory ~2x the 4090 row implies undocumented overrides');
    r.notExpressible.push('undocumented per-row overrides');
  }
  r.say('SDPA (flash/mem-efficient) -> flashAttention true');
  cumulativeFlags(r, config);
  lossOf(r, config);
  adamwOf(r, config);
  return config;
};

/**
 * torch AdamW's implementation, from the configs at each row's commit: every config passes `fused: True` since
 * pytorch/torchtune@cca50f02 (2024-09-14, "add fused = true to adam, except pagedAdam"), the preset's default;
 * the April 2024 commits of EAGER_LOSS_COMMITS come before it (recipes/configs/llama2/7B_full.yaml there:
 * `_component_: torch.optim.AdamW`, `lr: 2e-5`, no `fused`), so torch's foreach AdamW ran.
 */
function adamwOf(r: Reading, config: EstimateInput): void {
  if (config.optimizer !== 'adamw') return;
  if (EAGER_LOSS_COMMITS.some((commit) => r.record.source_commit.startsWith(commit))) {
    config.fusedOptimizer = false;
    r.say('torch AdamW: the configs at this commit pass no fused=True (added in cca50f02) -> fusedOptimizer false');
  } else {
    r.say('torch AdamW: the configs at this commit pass fused=True -> fusedOptimizer (torchtune default)');
  }
}

/**
 * The loss no row states, read from the configs at each row's commit. At the commits below
 * recipes/configs/llama2/7B_lora_single_device.yaml (and the other llama2/llama3 configs) use
 * torch.nn.CrossEntropyLoss (full fp32 logits). The Llama 3.1 table (30b8519e, 2024-09-24) came after the
 * configs switched to CEWithChunkedOutputLoss (4fba6cd4, 2024-08-28): every config it names
 * (pytorch/torchtune@30b8519e recipes/configs/llama3_1/{8B,70B}_{full,lora,qlora}*.yaml) sets
 * `loss: _component_: torchtune.modules.loss.CEWithChunkedOutputLoss`.
 */
const EAGER_LOSS_COMMITS = ['fef3ed10', 'ff594c23', '0914d5cf', '20747cd8'];

function lossOf(r: Reading, config: EstimateInput): void {
  if (config.chunkedCrossEntropy !== undefined) return;
  if (/Optimization flags/.test(r.record.source)) {
    config.chunkedCrossEntropy = false;
    r.say('chunked cross-entropy comes later in the cumulative table -> chunkedCrossEntropy false');
  } else if (EAGER_LOSS_COMMITS.some((commit) => r.record.source_commit.startsWith(commit))) {
    config.chunkedCrossEntropy = false;
    r.say('loss not stated: the configs at this commit use torch.nn.CrossEntropyLoss -> chunkedCrossEntropy false');
  } else {
    config.chunkedCrossEntropy = true;
    r.say('loss not stated: the configs at this commit use CEWithChunkedOutputLoss -> chunkedCrossEntropy true');
  }
}

/** The settings every torchtune row shares. */
function trainingBase(r: Reading, ctx: ReadingContext): EstimateInput {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: torchtune row without batch/seq`);
  const method = rec.task;
  const gpus = rec.num_gpus ?? 1;
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method,
    precision: method === 'qlora' ? 'int4' : 'bf16',
    quant: method === 'qlora' ? 'bnb' : 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: 'adamw',
    mixedPrecision: false,
    gradientCheckpointing: rec.gradient_checkpointing ?? true,
    flashAttention: true,
  };
  if (method === 'qlora') r.say('torchao NF4 base -> int4/bnb (same NF4 format)');
  if (method !== 'full' && rec.lora_rank !== null && rec.lora_targets !== null) {
    config.lora = { rank: rec.lora_rank, targets: loraTargetsOf(r, rec.lora_targets) };
  }
  config.gpus = gpus;
  config.sharding = gpus > 1 ? 'fsdp' : 'none';
  return config;
}

/** The README's 'Optimization flags' table is cumulative top to bottom (one flag added per row). */
const FLAG_ROWS: Record<string, Array<'chunked' | 'bwd' | 'offload'>> = {
  'tt-flags-3b-chunked_ce': ['chunked'],
  'tt-flags-3b-act_ckpt': ['chunked'],
  'tt-flags-3b-opt_in_bwd': ['chunked', 'bwd'],
  'tt-flags-3b-act_offload': ['chunked', 'bwd', 'offload'],
  'tt-flags-3b-adamw8bit': ['chunked', 'bwd', 'offload'],
  'tt-flags-3b-lora': ['chunked', 'offload'],
  'tt-flags-3b-qlora': ['chunked', 'offload'],
};

function cumulativeFlags(r: Reading, config: EstimateInput): void {
  const rec = r.record;
  const flagTable = /Optimization flags/.test(rec.source);
  if (/unpacked|real lengths shorter|padded to longest/.test(rec.seq_len_note ?? '')) {
    r.say('seqLen is the max length: samples unpacked, real lengths shorter');
  }
  if (/torch\.compile on/.test(rec.seq_len_note ?? '')) {
    config.torchCompile = true;
    r.say('torch.compile on (README note) -> torchCompile true');
  }
  if (!flagTable) return;
  if (rec.id === 'tt-flags-3b-baseline' || rec.id === 'tt-flags-3b-packed') {
    r.say('none of the later flags (compile, chunked CE, offloading) in this row');
    if (rec.id === 'tt-flags-3b-packed') {
      config.packing = 'packed';
      r.say('packed to 4096 -> packing packed');
    } else {
      config.packing = 'padded';
      r.cannotExpress(
        "the unpacked samples' mean length",
        'unpacked samples -> packing padded; their mean length (tokens/s counts their tokens, not the 4096 a sample may hold) not stated, not expressible',
      );
    }
    return;
  }
  const flags = FLAG_ROWS[rec.id] ?? [];
  if (flags.includes('chunked')) {
    config.chunkedCrossEntropy = true;
    r.say(
      'cumulative flags per the README: chunked cross-entropy (CEWithChunkedOutputLoss) -> chunkedCrossEntropy true',
    );
  }
  if (flags.includes('bwd')) {
    config.optimizerInBackward = true;
    r.say('optimizer_in_bwd -> optimizerInBackward true');
  }
  if (flags.includes('offload')) {
    config.activationOffload = true;
    r.say('activation offloading -> activationOffload true');
  }
  config.torchCompile = true;
  r.say(
    flags.length === 0
      ? 'cumulative flags per the README: torch.compile -> torchCompile true'
      : 'torch.compile -> torchCompile true',
  );
}
