import { z } from 'zod';
import { cardIdSchema, modelShapeSchema } from '../catalog';

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

/**
 * A model given as a shape. Only `params` is required: missing fields are inferred from a
 * typical modern decoder of that size, and the result says so in `assumptions`.
 */
const modelInputObjectSchema = modelShapeSchema.partial().extend({ params: modelShapeSchema.shape.params }).strict();
export type ModelInputObject = z.infer<typeof modelInputObjectSchema>;

/**
 * The estimate input: the contract's field names are fixed because scripts depend on them.
 * `model` is a preset id ("llama-2-13b"), a size ("13b", "6.7B", "350m", "7e9") or a shape.
 */
export const estimateInputSchema = z
  .object({
    model: z.union([z.string().min(1).max(80), modelInputObjectSchema]),
    method: methodSchema,
    precision: precisionSchema,
    quant: quantSchema.optional(),
    batchSize: z.number().int().min(1).max(65_536),
    seqLen: z.number().int().min(1).max(10_000_000),
    optimizer: optimizerSchema.optional(),
    mixedPrecision: z.boolean().optional(),
    gradientCheckpointing: z.boolean().optional(),
    flashAttention: z.boolean().optional(),
    lora: z
      .object({
        rank: z.number().int().min(1).max(4096),
        targets: z.union([z.enum(['attention', 'all-linear']), z.array(loraTargetSchema).min(1).max(7)]),
      })
      .strict()
      .optional(),
    gpus: z.number().int().min(1).max(1024).optional(),
    sharding: shardingSchema.optional(),
    kvCachePrecision: precisionSchema.optional(),
    gpu: cardIdSchema.optional(),
    /** Optimizer step fused into backward, per parameter (torchtune optimizer_in_bwd): no full gradient buffer. */
    optimizerInBackward: z.boolean().optional(),
    /** Cross-entropy over chunks of the logits (torchtune CEWithChunkedOutputLoss): fp32 upcast per chunk. */
    chunkedCrossEntropy: z.boolean().optional(),
    /** Activations saved for backward kept in CPU memory between forward and backward. */
    activationOffload: z.boolean().optional(),
    /** Optimizer states and master weights in CPU memory, step on the CPU (FSDP CPU offload, ZeRO-Offload). */
    optimizerOffload: z.boolean().optional(),
    inferenceRuntime: inferenceRuntimeSchema.optional(),
  })
  .strict();
export type EstimateInput = z.infer<typeof estimateInputSchema>;

/** Bytes per GPU at peak, by what holds them. */
export interface MemoryBreakdown {
  weights: number;
  gradients: number;
  optimizer: number;
  activations: number;
  logits: number;
  kvCache: number;
  /** CUDA context, allocator reserve and library workspaces. */
  runtime: number;
}

export interface CardFit {
  card: string;
  memoryBytes: number;
  fits: boolean;
  headroomBytes: number;
}

/** The model after resolving a preset id, a size string or a partial shape. */
export interface ResolvedModel {
  /** Preset id, or null for a user shape. */
  id: string | null;
  name: string;
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  intermediate: number;
  vocab: number;
  tiedEmbeddings: boolean;
  gatedMlp: boolean;
  experts: number;
  expertsPerToken: number;
  params: number;
  activeParams: number;
}

/** Peak memory per GPU for one configuration, with the fit on every catalog card. */
export interface MemoryEstimate {
  model: ResolvedModel;
  /** The input with every default filled in (what was actually estimated). */
  resolvedInput: Required<Omit<EstimateInput, 'gpu' | 'lora'>> & Pick<EstimateInput, 'gpu' | 'lora'>;
  trainableParams: number;
  perGpu: {
    /** What nvidia-smi shows at peak: torch reserved + CUDA context. */
    totalBytes: number;
    /** torch.cuda.max_memory_allocated at peak. */
    allocatedBytes: number;
    breakdown: MemoryBreakdown;
  };
  assumptions: string[];
  fits: CardFit[];
}
