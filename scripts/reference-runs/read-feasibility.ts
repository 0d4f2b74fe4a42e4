import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * huggingface/peft README memory table: encoder-decoder (T0, mt0) and BLOOM examples in fp32 with an
 * unstated sequence length (and batch for most rows): kept for their citation, not estimable.
 */
export const readPeft: Reader = (r) => {
  r.say(
    'encoder-decoder / BLOOM fp32 example with unstated seq length (and batch for most rows) -> config null (not estimable)',
  );
  if (/padded to longest/.test(r.record.seq_len_note ?? ''))
    r.say('seqLen is the max length: samples unpacked, real lengths shorter');
  return null;
};

/** Feasibility facts: the QLoRA paper's 65B on one 48 GB GPU and the HF blog's Llama 2 70B on 16 A100s under FSDP. */
export const readFeasibility: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: feasibility row without batch/seq`);
  const gpus = rec.num_gpus ?? 1;
  const qlora = rec.task === 'qlora';
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: rec.task,
    precision: qlora ? 'int4' : 'bf16',
    quant: qlora ? 'bnb' : 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: 'adamw',
    mixedPrecision: !qlora,
    gradientCheckpointing: rec.gradient_checkpointing ?? false,
    flashAttention: !qlora,
  };
  if (qlora) {
    config.lora = { rank: rec.lora_rank ?? 64, targets: 'all-linear' };
    r.say('paged 32-bit AdamW -> adamw (paging can move state to CPU)');
    r.say('no flash attention (2023 qlora.py)');
    r.say('qlora.py casts LoRA layers to bf16 with --bf16 -> mixedPrecision false');
    r.say('fits claim only');
  }
  config.gpus = gpus;
  config.sharding = gpus > 1 ? 'fsdp' : 'none';
  return config;
};
