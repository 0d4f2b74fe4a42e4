import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * huggingface/optimum tests/benchmark README: Llama-2-13B generate() in fp16 and with auto-gptq 4-bit
 * kernels on one A100, nvidia-smi memory. transformers of 2023 ran eager attention and grew its KV cache.
 */
export const readOptimum: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: optimum row without batch/seq`);
  const gptq = /GPTQ/.test(rec.precision);
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: 'inference',
    precision: gptq ? 'int4' : 'fp16',
    quant: gptq ? 'gptq' : 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    flashAttention: false,
    gpus: rec.num_gpus ?? 1,
    sharding: 'none',
    kvCachePrecision: 'fp16',
    inferenceRuntime: 'eager',
  };
  r.say('eager attention assumed (2023 transformers generate, no flash flag stated)');
  if (/prefill-only/.test(rec.seq_len_note ?? '')) r.say('prefill-only benchmark (1 new token)');
  r.say('HF transformers generate (eager PyTorch) -> inferenceRuntime eager');
  return config;
};
