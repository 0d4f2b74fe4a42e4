import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/** llama.cpp's llama-bench grid defaults: tg/pp of 1024 tokens (XiongjieDai/GPU-Benchmarks-on-LLM-Inference README). */
const GRID_TOKENS = 1024;

/**
 * XiongjieDai/GPU-Benchmarks-on-LLM-Inference: llama.cpp on CUDA with every layer on the GPUs, f16 KV cache,
 * no flash attention. Several GPUs split the layers (one stream passes through them in turn).
 */
export const readLlamaCpp: Reader = (r, ctx) => {
  const rec = r.record;
  const gpus = rec.num_gpus ?? 1;
  if (rec.throughput_unit === 'tokens/s' && gpus > 1)
    r.say('llama.cpp multi-GPU: one stream over layer-split GPUs -> all-gpus');
  let seqLen = rec.seq_len;
  if (seqLen === null) {
    seqLen = GRID_TOKENS;
    r.say(`OOM row without seq: ${GRID_TOKENS} = the grid test length`);
  }
  const f16 = /F16/.test(rec.precision);
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: 'inference',
    precision: f16 ? 'fp16' : 'int4',
    quant: f16 ? 'none' : 'gguf-q4_k_m',
    batchSize: rec.batch_size ?? 1,
    seqLen,
    flashAttention: false,
    gpus,
    sharding: 'none',
    kvCachePrecision: 'fp16',
  };
  if (gpus > 1) r.say('llama.cpp layer split -> sharding none (weights split across GPUs by layer)');
  return config;
};
