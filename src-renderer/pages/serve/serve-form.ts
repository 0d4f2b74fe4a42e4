import { serveFields, type ServeFieldContext } from '../../../src-main/domain/fields/serve-fields';
import { resolveFields } from '../../../src-main/domain/fields/resolve';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { serveInputSchema, type ServeInput } from '../../../src-main/domain/serve';
import { formFields, formText, formValue, type FormField, type TableForm } from '../../lib/field-form';
import { createSessionStore, reviveFlat } from '../../lib/session-store';
import type { UrlBinding } from '../../lib/url-state';
import { CUSTOM_SIZE, FROM_FILE } from '../estimate/estimate-form';
import { parseFormModelFile } from '../estimate/model-file';

/**
 * What the Serve form holds: one value per field of the serve table (domain/fields/serve-fields.ts),
 * numbers as the text typed; `model` is a preset id, CUSTOM_SIZE (then `size` is read) or FROM_FILE.
 */
export type ServeForm = TableForm<typeof serveFields> & { size: string; modelFile: string };

/** The Serve form's fields with a control, in table order (the model is the ModelField). */
export const SERVE_FIELDS: readonly FormField<ServeFieldContext>[] = formFields(serveFields).filter(
  ({ field }) => field.control !== undefined,
);

/** The question the page opens on: Llama 3.1 8B on vLLM, every card of the catalog, the table's defaults. */
const FIRST_QUESTION: ServeInput = { model: 'llama-3.1-8b' };

/** The form's values for an input: what it gives, else the table's default (empty for a field without one). */
function formValues(input: ServeInput): Record<string, string | boolean> {
  const { values } = resolveFields(serveFields, input);
  const resolved = values as Record<string, unknown>;
  return Object.fromEntries(
    SERVE_FIELDS.map(({ key }) => [key, formText((input as Record<string, unknown>)[key] ?? resolved[key])]),
  );
}

export const DEFAULT_SERVE_FORM: ServeForm = {
  ...formValues(FIRST_QUESTION),
  model: 'llama-3.1-8b',
  size: '13B',
  modelFile: '',
} as ServeForm;

/** The model the form names: a preset id, the size text, or the shape read from a file ('' when none was read). */
function modelOf(form: ServeForm): unknown {
  if (form.model === CUSTOM_SIZE) return form.size.trim();
  if (form.model === FROM_FILE) return parseFormModelFile(form.modelFile)?.model ?? '';
  return form.model;
}

/** The fields that apply to what the form says (no gpu_memory_utilization for llama.cpp, no scheme for bf16). */
export function shownServeFields(form: ServeForm): Set<string> {
  const { values } = resolveFields(serveFields, spelled(form));
  const context = values as unknown as ServeFieldContext;
  return new Set(
    SERVE_FIELDS.filter(({ field }) => (field.applies?.(context) ?? true) === true).map(({ path }) => path),
  );
}

/** Every field as the form spells it (empty ones left out, so the backend applies its defaults). */
function spelled(form: ServeForm): Record<string, unknown> {
  const values = form as unknown as Record<string, string | boolean>;
  const input: Record<string, unknown> = {};
  for (const { path, key, field } of SERVE_FIELDS) {
    // An empty field without a default is left to the backend (every card, every GPU count, the model's context).
    const text = values[key]!;
    if (typeof text === 'string' && text.trim() === '' && field.default === undefined && path !== 'model') continue;
    const value = path === 'model' ? modelOf(form) : formValue(field, text);
    if (value !== undefined) input[path] = value;
  }
  return input;
}

/** The serve:compute input for the form: only the fields that apply to it. */
export function toServeInput(form: ServeForm): ServeInput {
  const all = spelled(form);
  const shown = shownServeFields(form);
  return Object.fromEntries(Object.entries(all).filter(([key]) => shown.has(key))) as ServeInput;
}

/** A field that cannot be sent, and what the contract says about it. */
export interface ServeProblem {
  field: string;
  message: Message;
}

/** Checks the input against the serve contract here, so a typo shows at once next to its field. */
export function checkServeInput(input: ServeInput): ServeProblem | null {
  const parsed = serveInputSchema.safeParse(input);
  if (parsed.success) return null;
  const { field, detail } = firstProblem(parsed.error, serveInputSchema);
  return { field: field ?? '', message: detail };
}

/** A saved Serve form made safe: a wrong type or an unknown choice falls back to the default. */
export function reviveServeForm(saved: unknown): ServeForm {
  const form = reviveFlat(saved, DEFAULT_SERVE_FORM) as unknown as Record<string, string>;
  for (const { key, field } of SERVE_FIELDS) {
    if (field.control?.kind !== 'select') continue;
    const parsed = field.schema.safeParse(form[key]);
    if (!parsed.success) form[key] = (DEFAULT_SERVE_FORM as unknown as Record<string, string>)[key]!;
  }
  return form as unknown as ServeForm;
}

/** The Serve form, kept across reloads of this tab. */
export const serveFormStore = createSessionStore('cardwise.serveForm', reviveServeForm);

/** The Serve form in an address, under `serve.` (its `model` and `gpus` are not the Estimate form's). */
export const SERVE_LINK: UrlBinding<ServeForm> = {
  store: serveFormStore,
  defaults: DEFAULT_SERVE_FORM,
  prefix: 'serve.',
  revive: reviveServeForm,
  badField: (form) => checkServeInput(toServeInput(form))?.field as keyof ServeForm | undefined,
};
