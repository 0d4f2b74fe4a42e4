import { InputError } from '../errors';
import { estimateFields } from '../fields/estimate-fields';
import { listFields, type AnyField } from '../fields/field';
import { msg, type Message } from '../messages';

/** The frameworks whose recipe files Cardwise reads (issue 12 point 2). */
export const RECIPE_FORMATS = [
  'llama-factory',
  'hf-trainer',
  'accelerate',
  'deepspeed',
  'torchtune',
  'axolotl',
] as const;
export type RecipeFormat = (typeof RECIPE_FORMATS)[number];

type Shown = string | number | boolean | string[];

/** One key of a recipe file as read: the key, the estimate field it set (its dotted path) and the value. */
export interface RecipeValue {
  key: string;
  field: string;
  /** The field's value. */
  value: Shown;
  /** The file's value where it is written differently (`bf16: true` for precision bf16). */
  from?: Shown;
}

/**
 * A recipe file read into estimate input: the values it sets (the base that flags override),
 * what was read from which key (shown so the user can check it), the keys that change nothing,
 * the conflicts inside the file and what the reader noted.
 */
export interface RecipeFile {
  format: RecipeFormat;
  file: string;
  /** Estimate input fields by their contract names (`lora` and `deepspeed` objects may be partial). */
  input: Record<string, unknown>;
  read: RecipeValue[];
  ignored: string[];
  conflicts: Message[];
  notes: Message[];
  /** The model the recipe names (model_name_or_path, base_model, a torchtune builder), or null. */
  modelId: string | null;
  /** A DeepSpeed JSON the recipe points at (`deepspeed: ds_z3_config.json`), to be read with it. */
  deepspeedFile: string | null;
}

const FIELDS = new Map<string, AnyField<never>>(listFields(estimateFields).map(({ key, field }) => [key, field]));

/** A settings object (YAML mapping, JSON object), or null for anything else. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * Reads keys out of one recipe's settings: each value set is checked by the estimate field's own
 * schema (an impossible value is refused naming the key), each key used is remembered, and what
 * is left over is listed as ignored.
 */
export class RecipeReader {
  readonly recipe: RecipeFile;
  private readonly used = new Set<string>();

  constructor(
    format: RecipeFormat,
    file: string,
    private readonly data: Record<string, unknown>,
  ) {
    this.recipe = {
      format,
      file,
      input: {},
      read: [],
      ignored: [],
      conflicts: [],
      notes: [],
      modelId: null,
      deepspeedFile: null,
    };
  }

  /** The value at a dotted key ("zero_optimization.stage"), marked as used; undefined and null read as absent. */
  get(key: string): unknown {
    this.used.add(key);
    let node: unknown = this.data;
    for (const part of key.split('.')) node = asObject(node)?.[part];
    return node ?? undefined;
  }

  /** Whether a key holds DeepSpeed's or accelerate's "auto" (the trainer fills it in): noted, nothing set. */
  isAuto(key: string, value: unknown): boolean {
    if (value !== 'auto') return false;
    this.note(msg('recipeFile.auto', { key }));
    return true;
  }

  /** Sets an estimate field from a key, after the field's schema accepts it. */
  set(key: string, field: string, value: unknown, from: Shown = shownValue(value)): void {
    const schema = FIELDS.get(field)?.schema;
    if (schema && !schema.safeParse(value).success) throw this.bad(key, value, field);
    const path = field.split('.');
    let node = this.recipe.input;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]!] = value;
    this.recipe.read = [
      ...this.recipe.read.filter((entry) => entry.field !== field),
      entry(key, field, shownValue(value), from),
    ];
  }

  /** A whole number key (batch sizes, steps, ranks, buckets): read as is, so the field's range refuses what is impossible. */
  number(key: string, field: string, { allowAuto = false } = {}): number | undefined {
    const value = this.get(key);
    if (value === undefined || (allowAuto && this.isAuto(key, value))) return undefined;
    if (typeof value !== 'number') throw this.bad(key, value, field);
    this.set(key, field, value);
    return value;
  }

  /** A true/false key; `map` turns it into the field's value (a switch that means "off"). */
  flag(key: string, field: string, map: (on: boolean) => unknown = (on) => on): boolean | undefined {
    const value = this.get(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw this.bad(key, value, field);
    this.set(key, field, map(value), value);
    return value;
  }

  /** A true/false key read for itself (bf16, fp16): undefined when absent or "auto". */
  bool(key: string): boolean | undefined {
    const value = this.get(key);
    if (value === undefined || this.isAuto(key, value)) return undefined;
    if (typeof value !== 'boolean') throw this.bad(key, value);
    return value;
  }

  /** A text key, or undefined; anything else is refused naming the key. */
  text(key: string): string | undefined {
    const value = this.get(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw this.bad(key, value);
    return value;
  }

  note(message: Message): void {
    if (!this.recipe.notes.some((note) => JSON.stringify(note) === JSON.stringify(message)))
      this.recipe.notes.push(message);
  }

  conflict(message: Message): void {
    this.recipe.conflicts.push(message);
  }

  /** "file: key cannot be value (what the field takes)", as the InputError the doors name the file with. */
  bad(key: string, value: unknown, field?: string): InputError {
    const label = field ? FIELDS.get(field)?.label : undefined;
    return new InputError(
      'recipe',
      label
        ? msg('recipeFile.badValueFor', { file: this.recipe.file, key, value: shownText(value), field: msg(label) })
        : msg('recipeFile.badValue', { file: this.recipe.file, key, value: shownText(value) }),
    );
  }

  /** The recipe, with every key of the file that was not read listed as ignored. */
  finish(): RecipeFile {
    const { sharding, gpus } = this.recipe.input;
    if (sharding !== undefined && sharding !== 'none' && gpus === undefined) this.note(msg('recipeFile.noGpus'));
    this.recipe.ignored = leafKeys(this.data).filter(
      (key) => ![...this.used].some((used) => key === used || key.startsWith(`${used}.`)),
    );
    return this.recipe;
  }
}

function entry(key: string, field: string, value: Shown, from: Shown): RecipeValue {
  return JSON.stringify(value) === JSON.stringify(from) ? { key, field, value } : { key, field, value, from };
}

function shownValue(value: unknown): Shown {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

function shownText(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

/** Every key of nested settings as a dotted path (a list is one value). */
function leafKeys(data: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(data).flatMap(([key, value]) => {
    const inner = asObject(value);
    return inner && Object.keys(inner).length > 0 ? leafKeys(inner, `${prefix}${key}.`) : [`${prefix}${key}`];
  });
}
