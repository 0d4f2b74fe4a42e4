import { z } from 'zod';
import { MAX_PARAMS, parseParamCount } from '../estimate/units';
import { fieldBuilders } from './field';
import { tableSchema } from './schema';

const { required, optional } = fieldBuilders<void>();

const count = (max: number) => z.number().int().positive().max(max);

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
  layers: optional({
    schema: count(1000),
    label: 'field.model.layers',
    flag: { name: 'layers', value: 'N', help: 'shape: transformer layers' },
  }),
  hidden: optional({
    schema: count(1_000_000),
    label: 'field.model.hidden',
    flag: { name: 'hidden', value: 'N', help: 'shape: hidden size' },
  }),
  heads: optional({
    schema: count(10_000),
    label: 'field.model.heads',
    flag: { name: 'heads', value: 'N', help: 'shape: attention heads' },
  }),
  kvHeads: optional({
    schema: count(10_000),
    label: 'field.model.kvHeads',
    flag: { name: 'kv-heads', value: 'N', help: 'shape: key/value heads (GQA)' },
  }),
  headDim: optional({
    schema: count(100_000),
    label: 'field.model.headDim',
    flag: { name: 'head-dim', value: 'N', help: 'shape: head dimension' },
  }),
  intermediate: optional({
    schema: count(10_000_000),
    label: 'field.model.intermediate',
    flag: { name: 'intermediate', value: 'N', help: 'shape: MLP width' },
  }),
  vocab: optional({
    schema: count(10_000_000),
    label: 'field.model.vocab',
    flag: { name: 'vocab', value: 'N', help: 'shape: vocabulary size' },
  }),
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
  experts: optional({
    schema: count(4096),
    label: 'field.model.experts',
    flag: { name: 'experts', value: 'N', help: 'shape: experts per layer (MoE)' },
  }),
  expertsPerToken: optional({
    schema: count(4096),
    label: 'field.model.expertsPerToken',
    flag: { name: 'experts-per-token', value: 'N', help: 'shape: experts routed per token' },
  }),
};

/** A model given as a shape: `params` and any of the others. */
export const modelInputObjectSchema = tableSchema(modelShapeFields);
export type ModelInputObject = z.infer<typeof modelInputObjectSchema>;

/** Every field of the shape, as a preset states it. */
export const modelShapeSchema = z.object(modelInputObjectSchema.shape).required();
export type ModelShape = z.infer<typeof modelShapeSchema>;

/** `model` of an estimate: a preset id ("llama-2-13b"), a size ("13b", "6.7B", "350m", "7e9") or a shape. */
export const modelInputSchema = z.union([z.string().min(1).max(80), modelInputObjectSchema]);
