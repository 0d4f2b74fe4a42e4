import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * huggingface/transformers docs 'Efficient Training on a Single GPU' (2022): bert-large-uncased with a
 * classification head, HF Trainer on one V100 16GB, dummy samples of exactly 512 tokens, fp32 or fp16 AMP.
 * Adafactor has no estimate input: those rows keep their numbers but no config.
 */
export const readHfPerfGuide: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: guide row without batch/seq`);
  if (/Adafactor/.test(rec.optimizer ?? '')) {
    r.say('Adafactor optimizer not expressible -> config null');
    return null;
  }
  const amp = /fp16 mixed precision/.test(rec.precision);
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: 'full',
    precision: amp ? 'fp16' : 'fp32',
    quant: 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: /Adam8bit/.test(rec.optimizer ?? '') ? 'adamw-8bit' : 'adamw',
    mixedPrecision: amp,
    gradientCheckpointing: rec.gradient_checkpointing ?? false,
    flashAttention: false,
    gpus: 1,
    sharding: 'none',
  };
  r.say(amp ? 'fp16=True with fp32 weights -> fp16, mixedPrecision true' : 'no fp16 flag -> fp32 training');
  r.say('2022 BERT eager attention -> flashAttention false');
  if (config.optimizer === 'adamw-8bit') r.say('bitsandbytes Adam8bit -> adamw-8bit');
  r.cannotExpress('sequence-classification head (no vocabulary logits)');
  return config;
};
