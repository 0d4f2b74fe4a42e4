import type { z } from 'zod';
import { estimateFields } from '../fields/estimate-fields';
import type { Resolved } from '../fields/resolve';
import { tableSchema } from '../fields/schema';
import type { Message } from '../messages';

export * from './choices';
export type { ModelInputObject } from '../fields/model-fields';

/**
 * The estimate input, derived from the field table (domain/fields/estimate-fields.ts): the
 * contract's field names are fixed because scripts depend on them. Only `model` and `method` are
 * required; resolveInput fills the rest from the table's defaults and says which it used.
 */
export const estimateInputSchema = tableSchema(estimateFields);
export type EstimateInput = z.infer<typeof estimateInputSchema>;

/** The input with every default filled in (what was actually estimated). */
export type ResolvedInput = Resolved<typeof estimateFields>;

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
  /** Tokens a sliding-window layer attends to (and caches), or null when no layer has a window. */
  slidingWindow: number | null;
  /** Layers that use the window (Gemma 2: every other one; Gemma 3: five of six). */
  slidingWindowLayers: number;
  /** MLA (DeepSeek V2/V3): elements cached per token per layer, kv_lora_rank + qk_rope_head_dim; else null. */
  kvLatentDim: number | null;
}

/** Peak memory per GPU for one configuration, with the fit on every catalog card. */
export interface MemoryEstimate {
  model: ResolvedModel;
  /** The input with every default filled in (what was actually estimated). */
  resolvedInput: ResolvedInput;
  trainableParams: number;
  perGpu: {
    /** What nvidia-smi shows at peak: torch reserved + CUDA context. */
    totalBytes: number;
    /** torch.cuda.max_memory_allocated at peak. */
    allocatedBytes: number;
    breakdown: MemoryBreakdown;
  };
  /** Every default used and every modelling choice made, as messages for the doors to translate. */
  assumptions: Message[];
  fits: CardFit[];
}
