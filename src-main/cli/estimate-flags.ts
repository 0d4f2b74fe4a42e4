import type { ModelPreset } from '../domain/catalog';
import { estimateInputSchema, methodSchema, type EstimateInput, type ModelInputObject } from '../domain/estimate/input';
import { parseParamCount } from '../domain/estimate/units';
import { estimateFields, type EstimateFieldContext } from '../domain/fields/estimate-fields';
import type { AnyField, FieldTable } from '../domain/fields/field';
import { resolveFields } from '../domain/fields/resolve';
import { modelAttentionFields, modelShapeFields } from '../domain/fields/model-fields';
import type { FlagValues, OptionSpecs } from './command';
import {
  checkFlags,
  constantDefault,
  flagFinder,
  helpValue,
  inputFromBindings,
  tableBindings,
  tableOptions,
  type Binding,
} from './flag-input';
import type { FileModel } from '../domain/model-files/file-model';
import type { GgufModel } from '../domain/model-files/gguf-header';
import { MODEL_FILE_FLAGS, type ModelFileKind } from './model-file';
import { UsageError } from './report-error';

// The model is composed from --model, --params and the shape flags (below); every other field is one flag.
const { model: modelField, ...detailFields } = estimateFields;
const modelFields = { ...modelShapeFields, ...modelAttentionFields };
const shapeBindings = tableBindings(modelFields, 'model.');
const detailBindings = tableBindings(detailFields);
const estimateBindings: readonly Binding[] = [{ flag: 'model', path: 'model' }, ...shapeBindings, ...detailBindings];

/** The bindings as this command line used them: a model given as a size is --params's. */
function bindingsIn(flags: FlagValues): readonly Binding[] {
  const sizeOnly = flags.model === undefined && flags.params !== undefined;
  return sizeOnly ? [{ flag: 'params', path: 'model' }, ...estimateBindings.slice(1)] : estimateBindings;
}

/** Flags that describe one estimate, from the field table (domain/fields); `rank` and `runs add` take them too. */
export const estimateOptions: OptionSpecs = {
  model: { type: 'string', value: modelField.flag!.value, description: `${modelField.flag!.help}` },
  ...tableOptions(modelFields, () => undefined),
  ...estimateTableOptions(detailFields),
  config: {
    type: 'string',
    value: 'FILE',
    description: 'the model from its Hugging Face config.json (exact shape and parameter count), instead of --model',
  },
  safetensors: {
    type: 'string',
    value: 'FILE',
    description: 'the model from a .safetensors file header or model.safetensors.index.json (exact parameter count)',
  },
  gguf: {
    type: 'string',
    value: 'FILE',
    description: 'the model from a GGUF file header: shape, quant type, exact tensor bytes (inference)',
  },
  hf: {
    type: 'string',
    value: 'ORG/NAME',
    description:
      'the model by its Hugging Face id: its config.json read from the Hub (HF_TOKEN for gated models), cached for offline use',
  },
  revision: {
    type: 'string',
    value: 'REV',
    description: 'with --hf: the branch, tag or commit to read (default main)',
  },
  recipe: {
    type: 'string',
    value: 'FILE',
    description:
      'the training recipe as the framework reads it (LLaMA-Factory/axolotl/torchtune/accelerate YAML, DeepSpeed or TrainingArguments JSON): its values are the base, flags override them',
  },
  input: {
    type: 'string',
    value: 'FILE',
    description: 'read the EstimateInput JSON from FILE ("-" = stdin) instead of flags',
  },
};

/** The model-file flag given (at most one, --hf included), with its path; undefined for --hf or none. */
export function modelFileFlag(flags: FlagValues): { kind: ModelFileKind; path: string } | undefined {
  const given = (Object.keys(MODEL_FILE_FLAGS) as ModelFileKind[]).filter((kind) => typeof flags[kind] === 'string');
  const names = [...given.map((k) => MODEL_FILE_FLAGS[k]), ...(typeof flags.hf === 'string' ? ['--hf'] : [])];
  if (names.length > 1) throw new UsageError(names[1]!, `give one model file (${names.join(' or ')})`);
  if (flags.revision !== undefined && typeof flags.hf !== 'string') {
    throw new UsageError('--revision', 'goes with --hf ORG/NAME');
  }
  const kind = given[0];
  return kind === undefined ? undefined : { kind, path: flags[kind] as string };
}
// --params stands in for --model (either one is needed), so the table's "(required)" does not apply.
estimateOptions.params = { ...estimateOptions.params!, description: modelShapeFields.params.flag!.help };

/**
 * The flags of (some of) an estimate table's fields: a default that depends on the input is said
 * per method from the table itself ("bf16; int4 for qlora"), the most common value first.
 */
export function estimateTableOptions(table: FieldTable<EstimateFieldContext>): OptionSpecs {
  return tableOptions(table, (key, field) => describeDefault(table, key, field));
}

function describeDefault(
  table: FieldTable<EstimateFieldContext>,
  key: string,
  field: AnyField<EstimateFieldContext>,
): string | undefined {
  if (typeof field.default !== 'function') return constantDefault(key, field);
  const byValue = new Map<string, string[]>();
  for (const method of methodSchema.options) {
    // The context each default reads: the shipped table with the given one's fields, for this method.
    const resolved = resolveFields({ ...estimateFields, ...table }, { model: '7b', method }).values;
    if (field.applies && field.applies(resolved as never) !== true) continue;
    // A group member ('lora.rank') is read inside its group; a group that does not apply has none.
    const [head, member] = key.split('.');
    const at = (resolved as Record<string, unknown>)[head!];
    const given = member === undefined ? at : (at as Record<string, unknown> | undefined)?.[member];
    if (given === undefined) continue;
    const value = helpValue(given);
    byValue.set(value, [...(byValue.get(value) ?? []), method]);
  }
  const [first, ...others] = [...byValue].sort((a, b) => b[1].length - a[1].length);
  if (!first) return undefined;
  return [first[0], ...others.map(([value, methods]) => `${value} for ${methods.join(', ')}`)].join('; ');
}

const findFlag = flagFinder(estimateBindings);

/** The flag that sets an estimate-input field ("batchSize" -> "--batch", "model.kvHeads" -> "--kv-heads"), or undefined. */
export function flagForEstimateField(field: string): string | undefined {
  return findFlag(field);
}

/** Whether any flag that describes the estimate itself (not --input) was given. */
export function hasEstimateFlags(flags: FlagValues): boolean {
  return Object.keys(estimateOptions).some((name) => name !== 'input' && flags[name] !== undefined);
}

/** Whether the flags override a preset's shape, so the preset must be looked up first. */
export function needsPresetShape(flags: FlagValues): boolean {
  return flags.model !== undefined && hasShapeOverrides(flags);
}

function hasShapeOverrides(flags: FlagValues): boolean {
  return shapeBindings.some(
    ({ flag }) => flag !== 'params' && (flags[flag] !== undefined || flags[`no-${flag}`] !== undefined),
  );
}

/**
 * The EstimateInput the flags describe, checked by the contract's schema: a problem names the
 * flag at fault (UsageError). Unset fields are left out, so resolveInput applies the table's
 * defaults and says so. `--model` alone gives the preset id, `--params` alone the size string;
 * shape flags turn the model into a shape object that starts from `--params` or from the
 * preset's shape (`presets` must then hold it).
 */
export function estimateInputFromFlags(
  flags: FlagValues,
  presets: readonly ModelPreset[] = [],
  fileModel?: FileModel,
  recipeInput: Record<string, unknown> = {},
): EstimateInput {
  // A recipe's values are the base; each flag given replaces the one it names.
  const input = inputFromBindings(detailBindings, flags, structuredClone(recipeInput));
  input.model = fileModel ? modelFromFile(flags, fileModel) : modelFromFlags(flags, presets);
  if (fileModel?.kind === 'gguf') {
    // A GGUF file is its quantization: the nearest scheme the estimator models, unless the flags say otherwise.
    const { scheme } = fileModel as GgufModel;
    input.precision ??= scheme === 'gguf-q8_0' ? 'int8' : 'int4';
    input.quant ??= scheme;
  }
  checkFlags(estimateInputSchema, input, bindingsIn(flags), flags, 'estimate');
  return input as EstimateInput;
}

/** The flags given that replace a value a recipe set: the flag, the recipe's key and the field. */
export function recipeOverrides(
  flags: FlagValues,
  read: readonly { key: string; field: string }[],
): { flag: string; key: string; field: string }[] {
  return detailBindings.flatMap(({ flag, path }) => {
    const given = flags[flag] !== undefined || flags[`no-${flag}`] !== undefined;
    const entry = read.find(({ field }) => field === path || field.startsWith(`${path}.`));
    return given && entry ? [{ flag: `--${flag}`, key: entry.key, field: entry.field }] : [];
  });
}

/**
 * The flag behind an estimate field, knowing which model flag the user typed (a size given with
 * --params is faulted there): for what the domain refuses after the schema (QLoRA needs int4).
 */
export function estimateFlagFor(flags: FlagValues): (field: string) => string | undefined {
  return flagFinder(bindingsIn(flags));
}

/** The shape a model file gave, with any shape flag overriding its value; --model and --params do not mix with it. */
function modelFromFile(flags: FlagValues, fileModel: FileModel): unknown {
  for (const other of ['model', 'params'] as const) {
    if (flags[other] !== undefined) {
      throw new UsageError(`--${other}`, `give the model once: --${other} or the file (${fileModel.file})`);
    }
  }
  return (inputFromBindings(shapeBindings, flags, { model: { ...fileModel.model } }) as { model: unknown }).model;
}

function modelFromFlags(flags: FlagValues, presets: readonly ModelPreset[]): unknown {
  const presetId = typeof flags.model === 'string' ? flags.model : undefined;
  const sizeText = typeof flags.params === 'string' ? flags.params : undefined;
  if (!hasShapeOverrides(flags)) {
    if (presetId !== undefined && sizeText !== undefined) {
      throw new UsageError(
        '--params',
        'give either --model or --params (with --model, --params only goes with shape overrides)',
      );
    }
    if (presetId === undefined && sizeText === undefined) {
      throw new UsageError('--model', 'give a preset with --model ID or a size with --params SIZE (e.g. 13b)');
    }
    if (presetId !== undefined) return presetId;
    // A size is passed as the text the domain reads ("13b"); text that is no count goes where
    // the schema refuses it, as the shape's params, so the message names --params.
    return parseParamCount(sizeText!) === null ? { params: sizeText } : sizeText!.trim();
  }
  let shape: Record<string, unknown> = {};
  if (presetId !== undefined) {
    const preset = presets.find((candidate) => candidate.id === presetId);
    if (!preset) throw new UsageError('--model', `unknown model "${presetId}" (see \`cardwise models list\`)`);
    shape = pickShape(preset);
  }
  return (inputFromBindings(shapeBindings, flags, { model: shape }) as { model: unknown }).model;
}

/** The fields of a preset that make up its shape (the strict model object takes no others). */
function pickShape(preset: ModelPreset): ModelInputObject {
  const shape: Record<string, unknown> = {};
  for (const field of Object.keys(modelFields)) {
    const value = preset[field as keyof ModelPreset];
    if (value !== undefined) shape[field] = value;
  }
  return shape as ModelInputObject;
}
