import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * huggingface/optimum tests/benchmark README: Llama-2-13B generate() in fp16 and with auto-gptq 4-bit
 * kernels on one A100, nvidia-smi memory. transformers of 2023 ran eager attention and grew its KV cache.
 */
/** HF transformers generate of 2023: fp16 or auto-gptq 4-bit weights, eager attention and runtime, fp16 KV cache. */
function eagerGenerate(
  model: EstimateInput['model'],
  gptq: boolean,
  batchSize: number,
  seqLen: number,
  gpus: number,
  cudaOld = false,
): EstimateInput {
  return {
    model,
    method: 'inference',
    precision: gptq ? 'int4' : 'fp16',
    quant: gptq ? 'gptq' : 'none',
    ...(cudaOld ? { quantBackend: 'cuda-old' as const } : {}),
    batchSize,
    seqLen,
    flashAttention: false,
    gpus,
    sharding: 'none',
    kvCachePrecision: 'fp16',
    inferenceRuntime: 'eager',
  };
}

/** The prompt length a record's seq_len_note states ("prompt 512 tokens + exactly 512 new tokens"), if any. */
function statedPrompt(note: string | null): number | undefined {
  const m = /prompt (\d+) tokens/.exec(note ?? '');
  return m ? Number(m[1]) : undefined;
}

export const readOptimum: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: optimum row without batch/seq`);
  const gptq = /GPTQ/.test(rec.precision);
  const cudaOld = gptq && /cuda-old kernel/.test(rec.framework);
  const prompt = statedPrompt(rec.seq_len_note);
  const config = {
    ...eagerGenerate(shapeOf(r, ctx), gptq, rec.batch_size, rec.seq_len, rec.num_gpus ?? 1, cudaOld),
    ...(prompt === undefined ? {} : { promptTokens: prompt }),
  };
  if (prompt !== undefined) r.say(`promptTokens = ${prompt} (seq_len_note)`);
  r.say('eager attention assumed (2023 transformers generate, no flash flag stated)');
  if (cudaOld) r.say('auto-gptq cuda-old kernel -> quantBackend cuda-old');
  if (/prefill-only/.test(rec.seq_len_note ?? '')) r.say('prefill-only benchmark (1 new token)');
  r.say('HF transformers generate (eager PyTorch) -> inferenceRuntime eager');
  return config;
};

/**
 * huggingface/optimum-benchmark examples/running-llamas (2023-11-29): transformers 4.35.2 generate on one
 * A100-SXM4-80GB, prompt 256 + 512 forced new tokens, fp16 (default eager attention, or flash_attention_2)
 * and auto-gptq 4-bit with ExLlama v1/v2 kernels; max allocated memory.
 */
export const readOptimumBenchmark: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null)
    throw new Error(`${rec.id}: optimum-benchmark row without batch/seq`);
  const gptq = /GPTQ/.test(rec.precision);
  const flash = /flash_attention_2/.test(rec.framework);
  r.say('HF transformers 4.35 generate (eager PyTorch, DynamicCache) -> inferenceRuntime eager');
  r.say(
    flash
      ? 'attn_implementation flash_attention_2 -> flashAttention true'
      : 'transformers 4.35 default attention is eager -> flashAttention false',
  );
  if (gptq) r.say(`auto-gptq ${rec.quant_backend ?? ''} kernels -> int4/gptq, quantBackend exllama`);
  r.say('seqLen = prompt 256 + 512 new tokens; promptTokens = 256');
  // transformers 4.35 returns a new tuple cache from LlamaModel.forward (next_decoder_cache += ...) while generate
  // still holds the previous one (huggingface/transformers@v4.35.2 src/transformers/models/llama/modeling_llama.py):
  // max allocated holds two KV caches at the peak. The input's eager runtime has the per-layer DynamicCache of 4.36+.
  r.cannotExpress(
    'transformers 4.35 tuple KV cache (two caches allocated at the peak)',
    'transformers 4.35 tuple KV cache: the previous and the next cache are both allocated during a step (2 x KV at the peak) not expressible',
  );
  return {
    model: shapeOf(r, ctx),
    method: 'inference',
    precision: gptq ? 'int4' : 'fp16',
    quant: gptq ? 'gptq' : 'none',
    ...(gptq ? { quantBackend: 'exllama' as const } : {}),
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    promptTokens: 256,
    flashAttention: flash,
    gpus: 1,
    sharding: 'none',
    kvCachePrecision: 'fp16',
    inferenceRuntime: 'eager',
  };
};

/** AutoGPTQ README 'Inference Speed' (2023-05-27): HF generate at batch 1, 512 forced new tokens, fp16 vs GPTQ. */
export const readAutoGptqReadme: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: AutoGPTQ row without batch/seq`);
  const gptq = /GPTQ/.test(rec.precision);
  r.say(
    'HF transformers generate of May 2023 (eager PyTorch, eager attention) -> inferenceRuntime eager, flashAttention false',
  );
  if (gptq)
    r.cannotExpress(
      'auto-gptq CUDA kernel of May 2023',
      'auto-gptq CUDA kernel (fused 4-bit GEMV) -> int4/gptq with the default inference backend',
    );
  r.say('seqLen = 512 new tokens (the alpaca prompt, a few dozen tokens, not counted)');
  return eagerGenerate(shapeOf(r, ctx), gptq, rec.batch_size, rec.seq_len, rec.num_gpus ?? 1);
};
