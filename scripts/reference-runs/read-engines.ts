import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { type Reading, type ReadingContext, shapeOf } from './reading';
import type { Reader } from './readers';

/** An inference input with the settings every engine row shares. */
function inference(r: Reading, ctx: ReadingContext, fields: Partial<EstimateInput>): EstimateInput {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: inference row without batch/seq`);
  const gpus = rec.num_gpus ?? 1;
  const tensorParallel = rec.tensor_parallel ?? null;
  if (tensorParallel !== null && tensorParallel > 1) r.say(`tensor parallel ${tensorParallel} -> tensorParallel`);
  else if (gpus > 1) r.say('layer split over the GPUs -> tensorParallel 1 (weights split across GPUs by layer)');
  return {
    model: shapeOf(r, ctx),
    method: 'inference',
    precision: 'fp16',
    quant: 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    flashAttention: false,
    gpus,
    sharding: 'none',
    kvCachePrecision: 'fp16',
    inferenceRuntime: 'efficient',
    ...fields,
  };
}

/** casper-hansen/AutoAWQ README benchmarks: fused AWQ modules with a preallocated KV cache, fp16 activations. */
export const readAutoAwq: Reader = (r, ctx) => {
  r.say('AWQ 4-bit base -> int4/awq (group size 128 is the AutoAWQ default; the table does not state it)');
  r.say('fused modules with a preallocated cache -> inferenceRuntime efficient; flash attention not stated -> false');
  r.say('seqLen = prefill + decode length (the cache the benchmark allocates)');
  if (r.record.num_gpus !== null && r.record.num_gpus > 1)
    r.cannotExpress(
      'uneven layer split (memory of GPU 0 reported)',
      'memory of GPU 0 of an uneven layer split not expressible',
    );
  return inference(r, ctx, { precision: 'int4', quant: 'awq' });
};

/** turboderp/exllama README: GPTQ 4-bit with ExLlama's CUDA kernels, batch 1, preallocated cache. */
export const readExllama: Reader = (r, ctx) => {
  if (r.record.gpu_type !== null && /mixed/.test(r.record.gpu_type)) {
    r.say('two different cards (4090 + 3090 Ti) -> config null');
    return null;
  }
  r.say('GPTQ 4-bit base -> int4/gptq; ExLlama kernels with a preallocated cache');
  if (!/group size 128/.test(r.record.precision))
    r.cannotExpress(`GPTQ ${r.record.precision.replace(/^GPTQ 4-bit \(|\)$/g, '')}`);
  return inference(r, ctx, { precision: 'int4', quant: 'gptq' });
};

/** pytorch-labs/gpt-fast README: torch.compile decode at batch 1 on A100-80GB, tensor parallel over NVLink. */
export const readGptFast: Reader = (r, ctx) => {
  if (r.record.quant_backend) {
    r.say(`gpt-fast's own weight-only quantization (${r.record.quant_backend}) has no matching scheme -> config null`);
    return null;
  }
  r.say('torch.compile + CUDA graphs with a static KV cache -> inferenceRuntime efficient');
  return inference(r, ctx, { precision: 'bf16', flashAttention: true, kvCachePrecision: 'bf16', torchCompile: true });
};

/** The HF blog's BLOOM-176B inference: Accelerate (HF generate, layer split) and DeepSpeed-Inference (tensor parallel). */
export const readBloomInference: Reader = (r, ctx) => {
  const rec = r.record;
  const engine = rec.inference_engine;
  if (engine === 'deepspeed-zero-inference') {
    r.say('DeepSpeed ZeRO-3 inference (every GPU runs the same inputs) not expressible -> config null');
    return null;
  }
  const int8 = /int8/.test(rec.precision);
  if (engine === 'deepspeed-inference') {
    if (int8) {
      r.say('DeepSpeed-Inference int8 kernels have no matching scheme -> config null');
      return null;
    }
    r.say('DeepSpeed-Inference fused kernels -> inferenceRuntime efficient');
    return inference(r, ctx, { precision: 'fp16' });
  }
  r.say('HF transformers generate (eager PyTorch, 2022) -> inferenceRuntime eager, no flash attention');
  if (int8) r.say('bitsandbytes LLM.int8() -> int8/bnb');
  return inference(r, ctx, {
    precision: int8 ? 'int8' : 'bf16',
    quant: int8 ? 'bnb' : 'none',
    kvCachePrecision: int8 ? 'fp16' : 'bf16',
    inferenceRuntime: 'eager',
  });
};

/**
 * Serving benchmarks (many concurrent requests, prefill included: TensorRT-LLM, vLLM serving) are kept with
 * their citation and no estimate input, for the serving work; a single-request vLLM row is a decode measurement.
 */
export const readServing: Reader = (r, ctx) => {
  if (r.record.observation === 'serving_throughput') {
    r.say('concurrent requests with their prefills: no estimate input yet -> config null');
    return null;
  }
  r.say('one request through vLLM (CUDA graphs, paged KV cache)');
  return inference(r, ctx, { precision: 'bf16', flashAttention: true, kvCachePrecision: 'bf16' });
};
