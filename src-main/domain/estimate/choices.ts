import { z } from 'zod';

/** The choices of the estimate's select fields (domain/fields/estimate-fields.ts describes each field). */
export const methodSchema = z.enum(['inference', 'full', 'lora', 'qlora']);
export type Method = z.infer<typeof methodSchema>;
/** The dtype the weights are held in (int4/int8 = a quantized base). */
export const precisionSchema = z.enum(['fp32', 'bf16', 'fp16', 'fp8', 'int8', 'int4']);
export type Precision = z.infer<typeof precisionSchema>;
export const quantSchema = z.enum(['none', 'bnb', 'gptq', 'awq', 'gguf-q4_k_m', 'gguf-q8_0']);
export type Quant = z.infer<typeof quantSchema>;
export const optimizerSchema = z.enum(['adamw', 'adamw-8bit', 'paged-adamw-8bit', 'sgd']);
export type Optimizer = z.infer<typeof optimizerSchema>;
export const shardingSchema = z.enum(['none', 'zero1', 'zero2', 'zero3', 'fsdp']);
export type Sharding = z.infer<typeof shardingSchema>;
/**
 * How tokens are generated: 'efficient' = llama.cpp / vLLM / TensorRT-LLM class kernels with a preallocated
 * KV cache (the default); 'eager' = HF transformers generate in eager PyTorch.
 */
export const inferenceRuntimeSchema = z.enum(['efficient', 'eager']);
export type InferenceRuntime = z.infer<typeof inferenceRuntimeSchema>;
export const loraTargetSchema = z.enum(['q', 'k', 'v', 'o', 'gate', 'up', 'down']);
export type LoraTarget = z.infer<typeof loraTargetSchema>;
/** The named sets of LoRA targets (the form offers these; a list of matrices is for files and flags). */
export const loraTargetSetSchema = z.enum(['attention', 'all-linear']);

export const isTraining = (method: Method): boolean => method !== 'inference';
export const usesLora = (method: Method): boolean => method === 'lora' || method === 'qlora';
export const isQuantized = (precision: Precision): boolean => precision === 'int8' || precision === 'int4';
