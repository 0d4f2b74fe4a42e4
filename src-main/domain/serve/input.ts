import type { z } from 'zod';
import type { Card, ModelPreset } from '../catalog';
import { InputError } from '../errors';
import type { ResolvedModel } from '../estimate/input';
import { resolveModel } from '../estimate/shape';
import { resolveFields, type Resolved } from '../fields/resolve';
import { tableSchema } from '../fields/schema';
import { serveFields } from '../fields/serve-fields';
import { msg, type Message } from '../messages';
import type { EngineSetup } from './engine-memory';
import { batchDefaults } from './serve-constants';

/** The serve input, derived from the field table (domain/fields/serve-fields.ts). */
export const serveInputSchema = tableSchema(serveFields);
export type ServeInput = z.infer<typeof serveInputSchema>;
export type ResolvedServeInput = Resolved<typeof serveFields>;

/** Context length when neither the input nor the model gives one (a shape typed by hand). */
export const FALLBACK_MAX_MODEL_LEN = 4096;

/** The input with its defaults, the model's shape and its context limit (null when the model states none). */
export interface SettledServeInput {
  values: ResolvedServeInput;
  model: ResolvedModel;
  /** The model's own limit (max_position_embeddings of a preset), or null. */
  modelMaxContext: number | null;
  maxModelLen: number;
  assumptions: Message[];
}

/**
 * Fills the defaults of a serve input and resolves its model. A max_model_len above the model's limit is
 * refused, as vLLM refuses it at start-up (it needs VLLM_ALLOW_LONG_MAX_MODEL_LEN to go past it).
 */
export function settleServeInput(input: ServeInput, presets: ModelPreset[]): SettledServeInput {
  const { values, assumptions } = resolveFields(serveFields, input);
  const { model, assumptions: modelAssumptions } = resolveModel(values.model, presets);
  const preset = model.id === null ? undefined : presets.find((p) => p.id === model.id);
  const modelMaxContext = preset?.maxContext ?? null;
  if (values.maxModelLen !== undefined && modelMaxContext !== null && values.maxModelLen > modelMaxContext) {
    throw new InputError(
      'maxModelLen',
      msg('serve.maxModelLenAboveModel', { given: values.maxModelLen, limit: modelMaxContext, model: model.name }),
    );
  }
  const maxModelLen = values.maxModelLen ?? modelMaxContext ?? FALLBACK_MAX_MODEL_LEN;
  if (values.maxModelLen === undefined) {
    assumptions.push(
      modelMaxContext === null
        ? msg('serve.assume.maxModelLenFallback', { tokens: maxModelLen })
        : msg('serve.assume.maxModelLenModel', { tokens: maxModelLen }),
    );
  }
  return { values, model, modelMaxContext, maxModelLen, assumptions: [...modelAssumptions, ...assumptions] };
}

/** The engine settings on `gpus` cards of `card`: vLLM's batch defaults follow the card when none are given. */
export function engineSetup(
  settled: SettledServeInput,
  card: Card,
  gpus: number,
  maxModelLen = settled.maxModelLen,
): EngineSetup {
  const v = settled.values;
  const defaults = batchDefaults(card, v.engine);
  return {
    engine: v.engine,
    gpus,
    precision: v.precision,
    quant: v.quant,
    maxModelLen,
    gpuMemoryUtilization: v.gpuMemoryUtilization,
    kvBytes: v.kvCacheDtype === 'fp8' ? 1 : 2,
    maxNumBatchedTokens: v.maxNumBatchedTokens ?? defaults.maxNumBatchedTokens,
    maxNumSeqs: v.maxNumSeqs ?? defaults.maxNumSeqs,
  };
}
