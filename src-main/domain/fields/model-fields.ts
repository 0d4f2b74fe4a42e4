import { z } from 'zod';
import { MAX_PARAMS, parseParamCount } from '../estimate/units';
import type { MessageCode } from '../messages';
import { fieldBuilders } from './field';
import { tableSchema } from './schema';

const { required, optional } = fieldBuilders<void>();

/** A whole-number part of the shape (layers, heads…), up to `max`, set by `--<flag>`. */
const count = (max: number, label: MessageCode, flag: string, help: string) =>
  optional({
    schema: z.number().int().positive().max(max),
    label,
    flag: { name: flag, value: 'N', help: `shape: ${help}` },
  });

/**
 * The architecture of a transformer decoder, as its config.json states it: the shape of a model
 * preset (all fields), and of a model given by shape (only `params` required; shape.ts guesses
 * the rest from a typical decoder of that size, and the result says so). The `--layers`,
 * `--hidden` … flags of `cardwise estimate` come from here.
 */
export const modelShapeFields = {
  params: required({
    schema: z.number().positive().max(MAX_PARAMS),
    unit: 'params',
    label: 'field.model.params',
    flag: {
      name: 'params',
      value: 'SIZE',
      help: 'model size instead of a preset: 13b, 6.7b, 350m, 7e9',
      fromText: (text) => parseParamCount(text) ?? text,
    },
  }),
  layers: count(1000, 'field.model.layers', 'layers', 'transformer layers'),
  hidden: count(1_000_000, 'field.model.hidden', 'hidden', 'hidden size'),
  heads: count(10_000, 'field.model.heads', 'heads', 'attention heads'),
  kvHeads: count(10_000, 'field.model.kvHeads', 'kv-heads', 'key/value heads (GQA)'),
  headDim: count(100_000, 'field.model.headDim', 'head-dim', 'head dimension'),
  intermediate: count(10_000_000, 'field.model.intermediate', 'intermediate', 'MLP width'),
  vocab: count(10_000_000, 'field.model.vocab', 'vocab', 'vocabulary size'),
  tiedEmbeddings: optional({
    schema: z.boolean(),
    label: 'field.model.tiedEmbeddings',
    flag: { name: 'tied-embeddings', help: 'shape: input and output embeddings shared', negatable: true },
  }),
  gatedMlp: optional({
    schema: z.boolean(),
    label: 'field.model.gatedMlp',
    flag: { name: 'gated-mlp', help: 'shape: gated (SwiGLU) MLP; off: a plain two-matrix MLP', negatable: true },
  }),
  /** MoE: experts per layer (1 = dense) and experts routed per token. */
  experts: count(4096, 'field.model.experts', 'experts', 'experts per layer (MoE)'),
  expertsPerToken: count(4096, 'field.model.expertsPerToken', 'experts-per-token', 'experts routed per token'),
};

/**
 * What a config.json adds to the shape where the model has it: the exact count of parameters used
 * per token (MoE with shared experts and dense first layers), sliding-window attention on some
 * layers, and multi-head latent attention's compressed KV (DeepSeek V2/V3). Absent: the model has
 * none of it (every layer caches its whole context as 2·a_kv·d per token).
 */
export const modelAttentionFields = {
  activeParams: optional({
    schema: z.number().positive().max(MAX_PARAMS),
    unit: 'params',
    label: 'field.model.activeParams',
  }),
  slidingWindow: count(
    100_000_000,
    'field.model.slidingWindow',
    'sliding-window',
    'attention window (tokens) of the sliding-window layers',
  ),
  slidingWindowLayers: count(
    1000,
    'field.model.slidingWindowLayers',
    'sliding-window-layers',
    'layers that attend within the window (default: all)',
  ),
  kvLatentDim: count(
    100_000,
    'field.model.kvLatentDim',
    'kv-latent-dim',
    'MLA: elements cached per token per layer (kv_lora_rank + qk_rope_head_dim)',
  ),
};

/** A model given as a shape: `params` and any of the others. */
export const modelInputObjectSchema = tableSchema({ ...modelShapeFields, ...modelAttentionFields });
export type ModelInputObject = z.infer<typeof modelInputObjectSchema>;

const { activeParams: _activeParams, ...presetAttentionFields } = modelAttentionFields;

/** Every field of the shape, as a preset states it; the attention details only where the model has them. */
export const modelShapeSchema = z
  .object(tableSchema(modelShapeFields).shape)
  .required()
  .extend(tableSchema(presetAttentionFields).shape);
export type ModelShape = z.infer<typeof modelShapeSchema>;

/** `model` of an estimate: a preset id ("llama-2-13b"), a size ("13b", "6.7B", "350m", "7e9") or a shape. */
export const modelInputSchema = z.union([z.string().min(1).max(80), modelInputObjectSchema]);
