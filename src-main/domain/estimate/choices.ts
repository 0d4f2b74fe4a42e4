import { z } from 'zod';

/** The choices of the estimate's select fields (domain/fields/estimate-fields.ts describes each field). */
export const methodSchema = z.enum(['inference', 'full', 'lora', 'qlora']);
export type Method = z.infer<typeof methodSchema>;
/** The dtype the weights are held in (int4/int8 = a quantized base). */
export const precisionSchema = z.enum(['fp32', 'bf16', 'fp16', 'fp8', 'int8', 'int4']);
export type Precision = z.infer<typeof precisionSchema>;
export const quantSchema = z.enum(['none', 'bnb', 'gptq', 'awq', 'gguf-q4_k_m', 'gguf-q8_0']);
export type Quant = z.infer<typeof quantSchema>;
export const optimizerSchema = z.enum(['adamw', 'adamw-8bit', 'paged-adamw', 'paged-adamw-8bit', 'sgd']);
export type Optimizer = z.infer<typeof optimizerSchema>;
export const shardingSchema = z.enum(['none', 'zero1', 'zero2', 'zero3', 'fsdp']);
export type Sharding = z.infer<typeof shardingSchema>;
/**
 * The engine that generates tokens. 'efficient' = another engine with fused kernels and a preallocated KV
 * cache (gpt-fast, DeepSpeed-Inference, AutoAWQ's fused modules); 'eager' = HF transformers `generate` in
 * eager PyTorch. The named engines are the ones whose behaviour differs (vLLM and TensorRT-LLM split a
 * model tensor-parallel, llama.cpp by layers). The contract keeps the field's first name, inferenceRuntime.
 */
export const inferenceRuntimeSchema = z.enum(['efficient', 'eager', 'vllm', 'llama.cpp', 'exllama', 'tensorrt-llm']);
export type InferenceRuntime = z.infer<typeof inferenceRuntimeSchema>;
export const loraTargetSchema = z.enum(['q', 'k', 'v', 'o', 'gate', 'up', 'down']);
export type LoraTarget = z.infer<typeof loraTargetSchema>;
/** The named sets of LoRA targets (the form offers these; a list of matrices is for files and flags). */
export const loraTargetSetSchema = z.enum(['attention', 'all-linear']);

/**
 * The training stack a run uses: it sets the defaults of the recipe details (sharding, checkpointing,
 * adapters, loss) to what that framework does when they are not given ('custom' = none of these).
 */
export const frameworkSchema = z.enum([
  'hf-trainer-peft',
  'deepspeed-zero1',
  'deepspeed-zero2',
  'deepspeed-zero3',
  'fsdp',
  'torchtune',
  'unsloth',
  'llama-factory',
  'axolotl',
  'litgpt',
  'custom',
]);
export type Framework = z.infer<typeof frameworkSchema>;
/** How samples fill a micro-batch: padded to the longest, packed to the sequence length, or concatenated without padding. */
export const packingSchema = z.enum(['padded', 'packed', 'padding-free']);
export type Packing = z.infer<typeof packingSchema>;
/**
 * The kernels a GPTQ or AWQ base runs through: PyTorch dequantize-then-matmul (auto-gptq's cuda path with
 * ExLlama off, what PEFT training on GPTQ through transformers uses), auto-gptq's cuda-old kernels, Triton
 * kernels that dequantize inside the matmul and have a backward (auto-gptq / GPTQModel triton_v2, what
 * fms-acceleration's accelerated-peft trains with), ExLlama or Marlin kernels, AWQ's GEMM or GEMV kernels.
 */
export const quantBackendSchema = z.enum(['dequant', 'cuda-old', 'triton', 'exllama', 'marlin', 'gemm', 'gemv']);
export type QuantBackend = z.infer<typeof quantBackendSchema>;
/** The backends each scheme has. */
export const QUANT_BACKENDS: Record<'gptq' | 'awq', readonly QuantBackend[]> = {
  gptq: ['dequant', 'cuda-old', 'triton', 'exllama', 'marlin'],
  awq: ['gemm', 'gemv', 'marlin'],
};
/** How GPUs reach each other: as the card usually does, NVLink, P2P over PCIe, or through host memory. */
export const peerToPeerSchema = z.enum(['auto', 'nvlink', 'pcie', 'none']);
export type PeerToPeer = z.infer<typeof peerToPeerSchema>;

export const isTraining = (method: Method): boolean => method !== 'inference';
export const usesLora = (method: Method): boolean => method === 'lora' || method === 'qlora';
export const isQuantized = (precision: Precision): boolean => precision === 'int8' || precision === 'int4';
/** The engines that split a model tensor-parallel over several GPUs by default. */
export const isTensorParallelEngine = (runtime: InferenceRuntime): boolean =>
  runtime === 'vllm' || runtime === 'tensorrt-llm';
export const isDeepSpeed = (sharding: Sharding): boolean =>
  sharding === 'zero1' || sharding === 'zero2' || sharding === 'zero3';
/**
 * Whether ZeRO-3 or FSDP can split a base held this way: a 4-bit base only as bitsandbytes stores it (PEFT 0.10.0,
 * "Support for QLoRA with DeepSpeed ZeRO3 and FSDP", https://github.com/huggingface/peft/releases/tag/v0.10.0); a GPTQ,
 * AWQ or GGUF base is not split.
 */
export const splitsBase = (quant: Quant): boolean => quant === 'none' || quant === 'bnb';
