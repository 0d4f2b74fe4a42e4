import type { ModelPreset } from '../../../src-main/domain/catalog';
import { estimateInputSchema } from '../../../src-main/domain/estimate/input';
import type {
  EstimateInput,
  InferenceRuntime,
  Method,
  Optimizer,
  Precision,
  Quant,
  Sharding,
} from '../../../src-main/domain/estimate/input';

/** The model select's value meaning "use the size text box instead of a preset". */
export const CUSTOM_SIZE = '__size__';

export type LoraTargetsChoice = 'attention' | 'all-linear';
export type KvPrecision = NonNullable<EstimateInput['kvCachePrecision']>;

/** What the Estimate form holds: number fields stay strings while the user types. */
export interface EstimateForm {
  /** A preset id, or CUSTOM_SIZE to read `size`. */
  model: string;
  size: string;
  method: Method;
  precision: Precision;
  quant: Quant;
  batchSize: string;
  seqLen: string;
  optimizer: Optimizer;
  mixedPrecision: boolean;
  gradientCheckpointing: boolean;
  flashAttention: boolean;
  loraRank: string;
  loraTargets: LoraTargetsChoice;
  gpus: string;
  sharding: Sharding;
  kvCachePrecision: KvPrecision;
  optimizerInBackward: boolean;
  chunkedCrossEntropy: boolean;
  activationOffload: boolean;
  optimizerOffload: boolean;
  inferenceRuntime: InferenceRuntime;
  /** Card to show speed and calibration on ('' = none). */
  speedCard: string;
}

/** The first thing a user sees: Llama 3.1 8B, LoRA, bf16, batch 1, 2048 tokens. */
export const DEFAULT_FORM: EstimateForm = {
  model: 'llama-3.1-8b',
  size: '13B',
  method: 'lora',
  precision: 'bf16',
  quant: 'bnb',
  batchSize: '1',
  seqLen: '2048',
  optimizer: 'adamw',
  mixedPrecision: true,
  gradientCheckpointing: false,
  flashAttention: true,
  loraRank: '16',
  loraTargets: 'attention',
  gpus: '1',
  sharding: 'none',
  kvCachePrecision: 'bf16',
  optimizerInBackward: false,
  chunkedCrossEntropy: false,
  activationOffload: false,
  optimizerOffload: false,
  inferenceRuntime: 'efficient',
  speedCard: 'rtx-4090',
};

/** The memory-saving switches of training, all off by default. */
export const TRAINING_SWITCHES = [
  'optimizerInBackward',
  'chunkedCrossEntropy',
  'activationOffload',
  'optimizerOffload',
] as const satisfies ReadonlyArray<keyof EstimateForm>;

export const isTraining = (method: Method): boolean => method !== 'inference';
export const usesLora = (method: Method): boolean => method === 'lora' || method === 'qlora';
export const isQuantized = (precision: Precision): boolean => precision === 'int8' || precision === 'int4';

/**
 * Applies one field change with the coupling a user expects: QLoRA means a 4-bit base, and
 * leaving QLoRA for full training or LoRA goes back to bf16.
 */
export function updateForm<K extends keyof EstimateForm>(
  form: EstimateForm,
  key: K,
  value: EstimateForm[K],
): EstimateForm {
  const next = { ...form, [key]: value };
  if (key === 'method') {
    if (value === 'qlora') {
      next.precision = 'int4';
      if (next.quant === 'none') next.quant = 'bnb';
      // PEFT's QLoRA preparation turns gradient checkpointing on; so does the estimator's default.
      next.gradientCheckpointing = true;
    } else if (form.method === 'qlora' && isQuantized(form.precision) && value !== 'inference') {
      next.precision = 'bf16';
    }
  }
  return next;
}

/** A number field: integer text -> number; anything else -> NaN so the schema names the field. */
function toInteger(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The contract input for the form, sending only the fields that apply to the method. */
export function toEstimateInput(form: EstimateForm): EstimateInput {
  const training = isTraining(form.method);
  const gpus = toInteger(form.gpus);
  return {
    model: form.model === CUSTOM_SIZE ? form.size.trim() : form.model,
    method: form.method,
    precision: form.precision,
    ...(isQuantized(form.precision) ? { quant: form.quant } : {}),
    batchSize: toInteger(form.batchSize),
    seqLen: toInteger(form.seqLen),
    flashAttention: form.flashAttention,
    gpus,
    ...(training
      ? {
          optimizer: form.optimizer,
          mixedPrecision: form.mixedPrecision,
          gradientCheckpointing: form.gradientCheckpointing,
          sharding: gpus > 1 ? form.sharding : 'none',
          optimizerInBackward: form.optimizerInBackward,
          chunkedCrossEntropy: form.chunkedCrossEntropy,
          activationOffload: form.activationOffload,
          optimizerOffload: form.optimizerOffload,
        }
      : { kvCachePrecision: form.kvCachePrecision, inferenceRuntime: form.inferenceRuntime }),
    ...(usesLora(form.method) ? { lora: { rank: toInteger(form.loraRank), targets: form.loraTargets } } : {}),
    ...(form.speedCard ? { gpu: form.speedCard } : {}),
  };
}

/**
 * The form for a contract input (the inverse of toEstimateInput): a size or shape that is not a
 * preset becomes "other size"; a field the input leaves out keeps the form's default, and `gpus`
 * is the count to show when the input names none.
 */
export function formFromInput(
  input: EstimateInput,
  presets: readonly Pick<ModelPreset, 'id'>[],
  gpus = Number(DEFAULT_FORM.gpus),
): EstimateForm {
  const model = typeof input.model === 'string' ? input.model : '';
  const isPreset = presets.some((p) => p.id === model);
  const targets = input.lora?.targets;
  return {
    model: isPreset ? model : CUSTOM_SIZE,
    size: isPreset ? DEFAULT_FORM.size : model,
    method: input.method,
    precision: input.precision,
    quant: input.quant ?? DEFAULT_FORM.quant,
    batchSize: String(input.batchSize),
    seqLen: String(input.seqLen),
    optimizer: input.optimizer ?? DEFAULT_FORM.optimizer,
    mixedPrecision: input.mixedPrecision ?? DEFAULT_FORM.mixedPrecision,
    gradientCheckpointing: input.gradientCheckpointing ?? DEFAULT_FORM.gradientCheckpointing,
    flashAttention: input.flashAttention ?? DEFAULT_FORM.flashAttention,
    loraRank: String(input.lora?.rank ?? DEFAULT_FORM.loraRank),
    // A hand-picked list of matrices has no place in the form; "all linear" is the closest.
    loraTargets: typeof targets === 'string' ? targets : targets ? 'all-linear' : DEFAULT_FORM.loraTargets,
    gpus: String(input.gpus ?? gpus),
    sharding: input.sharding ?? DEFAULT_FORM.sharding,
    kvCachePrecision: input.kvCachePrecision ?? DEFAULT_FORM.kvCachePrecision,
    optimizerInBackward: input.optimizerInBackward ?? DEFAULT_FORM.optimizerInBackward,
    chunkedCrossEntropy: input.chunkedCrossEntropy ?? DEFAULT_FORM.chunkedCrossEntropy,
    activationOffload: input.activationOffload ?? DEFAULT_FORM.activationOffload,
    optimizerOffload: input.optimizerOffload ?? DEFAULT_FORM.optimizerOffload,
    inferenceRuntime: input.inferenceRuntime ?? DEFAULT_FORM.inferenceRuntime,
    speedCard: input.gpu ?? '',
  };
}

/** Why a field was refused locally, so the UI can say it in the user's language. */
export type ProblemReason = 'required' | 'whole-number' | 'too-big';

/** A problem with one field: found here before sending (with a reason) or by the backend. */
export interface FieldProblem {
  field: string;
  /** The contract's English message (shown as is for backend problems). */
  message: string;
  reason?: ProblemReason;
  /** The largest allowed value, for `too-big`. */
  max?: number;
}

/** Checks the input against the contract here, so a typo shows at once next to its field. */
export function checkInput(input: EstimateInput): FieldProblem | null {
  const parsed = estimateInputSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'model';
  const message = issue?.message ?? 'invalid input';
  if (field === 'model') return { field, message, reason: 'required' };
  if (issue?.code === 'too_big') return { field, message, reason: 'too-big', max: Number(issue.maximum) };
  return { field, message, reason: 'whole-number' };
}

/** The top-level fields the form shows for this method and precision (where errors can be placed). */
export function shownFields(form: EstimateForm): Set<string> {
  const fields = ['model', 'method', 'precision', 'batchSize', 'seqLen', 'flashAttention', 'gpus'];
  if (isQuantized(form.precision)) fields.push('quant');
  if (isTraining(form.method)) {
    fields.push('optimizer', 'mixedPrecision', 'gradientCheckpointing', 'sharding', ...TRAINING_SWITCHES);
  } else fields.push('kvCachePrecision', 'inferenceRuntime');
  if (usesLora(form.method)) fields.push('lora', 'lora.rank', 'lora.targets');
  return new Set(fields);
}
