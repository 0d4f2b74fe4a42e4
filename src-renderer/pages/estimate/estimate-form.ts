import type { ModelPreset } from '../../../src-main/domain/catalog';
import { estimateInputSchema, type EstimateInput } from '../../../src-main/domain/estimate/input';
import { fillDefaults } from '../../../src-main/domain/estimate/resolve-input';
import { firstProblem, type Message, type MessageCode } from '../../../src-main/domain/messages';
import { estimateFields } from '../../../src-main/domain/fields/estimate-fields';
import { formFields, formText, formValue, type FormField, type TableForm } from '../../lib/field-form';
import { parseFormModelFile } from './model-file';

export { isQuantized, isTraining, usesLora } from '../../../src-main/domain/estimate/input';

/** The model select's value meaning "use the size text box instead of a preset". */
export const CUSTOM_SIZE = '__size__';
/** The model select's value meaning "the model read from a file or a pasted config.json" (`modelFile`). */
export const FROM_FILE = '__file__';

/**
 * What the Estimate form holds: one value per field of the table (domain/fields/estimate-fields.ts),
 * number fields as the text typed; `model` is a preset id or CUSTOM_SIZE, and then `size` is read.
 */
export type EstimateForm = TableForm<typeof estimateFields> & {
  size: string;
  /** The model read from a file, as model-file.ts keeps it (JSON text; '' for none). */
  modelFile: string;
};

/** The Estimate form's fields with a control, in table order (the model is the ModelField). */
export const ESTIMATE_FIELDS: readonly FormField[] = formFields(estimateFields).filter(
  ({ field }) => field.control !== undefined,
);

/**
 * The label of an Estimate field by its contract path (a group, such as lora, by its rank's); undefined for none. A
 * ranking's input names them under `input.` (rank:compute).
 */
export function estimateFieldLabel(path: string): MessageCode | undefined {
  const own = path.startsWith('input.') ? path.slice('input.'.length) : path;
  return ESTIMATE_FIELDS.find((f) => f.path === own || f.path === `${own}.rank`)?.field.label;
}

/**
 * The question the page opens on: Llama 3.1 8B, LoRA, speed on an RTX 4090. Every other value is
 * the field table's default for it (bf16, batch 1, 2048 tokens …): no default is restated here.
 */
const FIRST_QUESTION: EstimateInput = { model: 'llama-3.1-8b', method: 'lora', gpu: 'rtx-4090' };
/** What "Other size…" starts from. */
const FIRST_SIZE = '13B';

/** The form's values, as the field table resolves them for `input`. */
function formValues(input: EstimateInput): Record<string, string | boolean> {
  const resolved = fillDefaults(input) as Record<string, unknown>;
  const value = (path: string): unknown => {
    const [head, member] = path.split('.');
    const given = member
      ? (input[head as keyof EstimateInput] as Record<string, unknown> | undefined)?.[member]
      : input[path as keyof EstimateInput];
    if (given !== undefined) return given;
    return member ? (resolved[head!] as Record<string, unknown> | undefined)?.[member] : resolved[path];
  };
  return Object.fromEntries(ESTIMATE_FIELDS.map(({ path, key }) => [key, formText(value(path))]));
}

/**
 * The form for a contract input (the inverse of toEstimateInput): a size or shape that is not a
 * preset becomes "other size"; a field the input leaves out shows the table's default, and `gpus`
 * is the count to show when the input names none.
 */
export function formFromInput(
  input: EstimateInput,
  presets: readonly Pick<ModelPreset, 'id'>[],
  gpus?: number,
): EstimateForm {
  const model = typeof input.model === 'string' ? input.model : '';
  const isPreset = presets.some((p) => p.id === model);
  const shape = typeof input.model === 'object' ? input.model : null;
  const targets = input.lora?.targets;
  const form = formValues({ ...input, ...(input.gpus === undefined && gpus !== undefined ? { gpus } : {}) });
  return {
    ...form,
    model: shape ? FROM_FILE : isPreset ? model : CUSTOM_SIZE,
    size: isPreset || shape ? FIRST_SIZE : model,
    modelFile: shape ? JSON.stringify({ file: '', architecture: null, model: shape }) : '',
    // A hand-picked list of matrices has no place in the form; "all linear" is the closest.
    loraTargets: Array.isArray(targets) ? 'all-linear' : form.loraTargets,
  } as EstimateForm;
}

/** The first thing a user sees: FIRST_QUESTION with the table's defaults. */
export const DEFAULT_FORM: EstimateForm = {
  ...formFromInput(FIRST_QUESTION, [{ id: 'llama-3.1-8b' }]),
  size: FIRST_SIZE,
};

/** The input the form spells, every field given (the model as a preset id or the size text). */
function spelled(form: EstimateForm): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const values = form as unknown as Record<string, string | boolean>;
  for (const { path, key, field } of ESTIMATE_FIELDS) {
    const value = path === 'model' ? modelOf(form) : formValue(field, values[key]!);
    if (value === undefined) continue;
    const [head, member] = path.split('.');
    if (member) input[head!] = { ...(input[head!] as object), [member]: value };
    else input[path] = value;
  }
  return input;
}

/** The model the form names: a preset id, the size text, or the shape read from a file ('' when none was read). */
function modelOf(form: EstimateForm): unknown {
  if (form.model === CUSTOM_SIZE) return form.size.trim();
  if (form.model === FROM_FILE) return parseFormModelFile(form.modelFile)?.model ?? '';
  return form.model;
}

/** The contract input for the form, sending only the fields that apply (no optimizer for inference). */
export function toEstimateInput(form: EstimateForm): EstimateInput {
  const all = spelled(form);
  const context = fillDefaults(all as EstimateInput) as never;
  const input: Record<string, unknown> = {};
  const shown = shownIn(context);
  for (const [key, value] of Object.entries(all)) {
    if (!shown.has(key)) continue;
    // A group sends only its members that apply (ZeRO-3 has no all-gather bucket).
    const group = estimateFields[key as keyof typeof estimateFields].kind === 'group';
    input[key] = group
      ? Object.fromEntries(Object.entries(value as object).filter(([member]) => shown.has(`${key}.${member}`)))
      : value;
  }
  return input as EstimateInput;
}

/**
 * Applies one change the way a user expects: a value still at its default follows the new
 * default (QLoRA moves the precision to int4, its quantization to bitsandbytes and gradient
 * checkpointing on; leaving QLoRA moves them back), and a value the user set stays.
 */
export function updateForm<K extends keyof EstimateForm>(
  form: EstimateForm,
  key: K,
  value: EstimateForm[K],
): EstimateForm {
  const values = form as unknown as Record<string, string | boolean>;
  const now = spelled(form);
  const following = ESTIMATE_FIELDS.filter(
    ({ path, key: k }) => k !== key && path !== 'model' && values[k] === formValues(without(now, [path]))[k],
  );
  const next = { ...form, [key]: value } as EstimateForm;
  const after = formValues(
    without(
      spelled(next),
      following.map(({ path }) => path),
    ) as EstimateInput,
  );
  return { ...next, ...Object.fromEntries(following.map(({ key: k }) => [k, after[k]])) } as EstimateForm;
}

/** An input without some fields (dotted paths), so the table's defaults fill them. */
function without(input: Record<string, unknown>, paths: readonly string[]): EstimateInput {
  const copy: Record<string, unknown> = { ...input };
  for (const path of paths) {
    const [head, member] = path.split('.');
    if (!member) delete copy[path];
    else if (copy[head!]) {
      const { [member]: _dropped, ...rest } = copy[head!] as Record<string, unknown>;
      copy[head!] = rest;
    }
  }
  return copy as EstimateInput;
}

/** A problem with one field, found here before sending or by the backend, in words the UI translates. */
export interface FieldProblem {
  /** Dotted path of the contract field ("batchSize", "lora.rank"); '' when the input as a whole is at fault. */
  field: string;
  message: Message;
}

/** Checks the input against the contract here, so a typo shows at once next to its field. */
export function checkInput(input: EstimateInput): FieldProblem | null {
  const parsed = estimateInputSchema.safeParse(input, { reportInput: true });
  if (parsed.success) return null;
  const { field, detail } = firstProblem(parsed.error, estimateInputSchema);
  return { field: field ?? '', message: detail };
}

/** The contract paths of the fields the form shows for this input (where an error can be placed). */
export function shownFields(form: EstimateForm): Set<string> {
  return shownIn(fillDefaults(spelled(form) as EstimateInput) as never);
}

/** The fields (and groups) that apply in a resolved context and that the form shows there. */
function shownIn(context: never): Set<string> {
  const shown = ESTIMATE_FIELDS.filter(({ path, field }) => {
    const group = path.includes('.') ? estimateFields[path.split('.')[0] as keyof typeof estimateFields] : undefined;
    const applies = (group?.applies?.(context) ?? true) === true && (field.applies?.(context) ?? true) === true;
    return applies && (field.control?.when?.(context) ?? true);
  }).map(({ path }) => path);
  // A group (lora, deepspeed) is sent as one object when any of its fields is shown.
  const groups = shown.filter((path) => path.includes('.')).map((path) => path.split('.')[0]!);
  return new Set([...shown, ...groups]);
}
