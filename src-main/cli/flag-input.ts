import type { z } from 'zod';
import type { AnyField, FieldTable } from '../domain/fields/field';
import { listFields } from '../domain/fields/field';
import { parseParamCount } from '../domain/estimate/units';
import { english, issueMessage, pinpoint, schemaAt } from '../domain/messages';
import type { FlagValues, OptionSpecs } from './command';
import { UsageError } from './report-error';

/**
 * How a flag's text becomes a value before zod checks it: a conversion, never a check (text that
 * is not a number stays text, and the schema says what it should be). 'count' reads "13b" and
 * "200m"; 'list' splits on commas; 'upper' takes "cny" for "CNY".
 */
export type Read = 'text' | 'number' | 'count' | 'list' | 'upper' | 'switch' | ((text: string) => unknown);

/** A flag and the place in a command's input its value goes. */
export interface Binding {
  /** Without the dashes. */
  flag: string;
  /** Dotted path in the input ("workload.tokens"). */
  path: string;
  read?: Read;
  /** A switch with an off form: `--no-<flag>` sets false. */
  negatable?: boolean;
}

// Plain decimal or scientific notation: "12x", "0x10", " 4", "NaN" and "" stay text for zod to refuse.
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The number a text spells, or the text itself for zod to refuse. */
export function readNumber(text: string): unknown {
  return NUMBER.test(text) ? Number(text) : text;
}

function readText(read: Read, text: string): unknown {
  if (typeof read === 'function') return read(text);
  switch (read) {
    case 'number':
      return readNumber(text);
    case 'count':
      return parseParamCount(text) ?? text;
    case 'list':
      return text.split(',').map((part) => readNumber(part.trim()));
    case 'upper':
      return text.toUpperCase();
    default:
      return text;
  }
}

/** Sets `value` at a dotted path of `target`, creating the objects on the way. */
export function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node = (next !== null && typeof next === 'object' ? next : (node[key] = {})) as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

/** A negatable switch: `--name` true, `--no-name` false, neither undefined, both an error. */
function switchValue(flags: FlagValues, name: string): boolean | undefined {
  const on = flags[name] === true;
  const off = flags[`no-${name}`] === true;
  if (on && off) throw new UsageError(`--${name}`, `conflicts with --no-${name}`);
  return on ? true : off ? false : undefined;
}

/** Puts every given flag's value at its path of `target` (the input a command sends). */
export function inputFromBindings(
  bindings: readonly Binding[],
  flags: FlagValues,
  target: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const { flag, path, read = 'text', negatable } of bindings) {
    const given = flags[flag];
    if (read === 'switch') {
      const value = negatable ? switchValue(flags, flag) : given === true ? true : undefined;
      if (value !== undefined) setAt(target, path, value);
    } else if (typeof given === 'string') setAt(target, path, readText(read, given));
  }
  return target;
}

/** The flag ("--batch") behind a path of the input ("batchSize", "lora.targets.2"), by the longest binding that holds it. */
export function flagFinder(bindings: readonly Binding[]): (path: string) => string | undefined {
  return (path) => {
    const binding = bindingAt(bindings, path);
    return binding && `--${binding.flag}`;
  };
}

function bindingAt(bindings: readonly Binding[], path: string): Binding | undefined {
  let best: Binding | undefined;
  for (const binding of bindings) {
    const holds = path === binding.path || path.startsWith(`${binding.path}.`);
    if (holds && (!best || binding.path.length > best.path.length)) best = binding;
  }
  return best;
}

/**
 * Parses `input` with `schema` (the contract's, so nothing is checked twice in two ways) and
 * throws the first problem as a UsageError naming where it came from: zod's issue in plain words,
 * with the text the user typed when it was not a value of the right kind
 * (`--batch: must be a positive integer, got "12x"`).
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: (path: string) => string,
  typed: (path: string) => string | undefined = () => undefined,
): z.output<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = pinpoint(parsed.error.issues[0]!);
  const path = issue.path.map(String).join('.');
  const text = typed(path);
  const wrongKind = issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_format';
  const got = wrongKind && text !== undefined && issue.input !== undefined ? `, got "${text}"` : '';
  throw new UsageError(where(path), `${english(issueMessage(issue, schema))}${got}`);
}

/** checkInput for an input built from flags: a problem names the flag that set the field. */
export function checkFlags<S extends z.ZodType>(
  schema: S,
  input: unknown,
  bindings: readonly Binding[],
  flags: FlagValues,
  fallback: string,
): z.output<S> {
  const flagFor = flagFinder(bindings);
  return checkInput(
    schema,
    input,
    (path) => flagFor(path) ?? (path ? `${fallback}.${path}` : fallback),
    (path) => {
      const binding = bindingAt(bindings, path);
      const text = binding && flags[binding.flag];
      return typeof text === 'string' ? text : undefined;
    },
  );
}

/* eslint-disable @typescript-eslint/no-explicit-any -- any table, whatever its context */
/** The bindings of a table's fields that have a flag, under `prefix` ("config."). */
export function tableBindings(table: FieldTable<any>, prefix = ''): Binding[] {
  return listFields(table).flatMap(({ key, field }) =>
    field.flag
      ? [{ flag: field.flag.name, path: `${prefix}${key}`, read: readFor(field), negatable: field.flag.negatable }]
      : [],
  );
}

/** The flags of a table's fields as a command declares them: the help line says the choices and the default. */
export function tableOptions(
  table: FieldTable<any>,
  describeDefault: (key: string, field: AnyField<any>) => string | undefined = constantDefault,
): OptionSpecs {
  const options: Record<string, OptionSpecs[string]> = {};
  for (const { key, field } of listFields(table)) {
    const flag = field.flag;
    if (!flag) continue;
    const choices = choicesOf(field);
    const defaultText = flag.defaultHelp ?? describeDefault(key, field);
    const tail = field.required ? ' (required)' : defaultText === undefined ? '' : ` (default ${defaultText})`;
    const help = `${flag.help}${choices ? `: ${choices.join(' | ')}` : ''}${tail}`;
    if (flag.value === undefined) {
      options[flag.name] = { type: 'boolean', description: help };
      if (flag.negatable) options[`no-${flag.name}`] = { type: 'boolean', description: `turn ${flag.name} off` };
    } else options[flag.name] = { type: 'string', value: flag.value, description: help };
  }
  return options;
}

function readFor(field: AnyField<any>): Read {
  if (field.flag?.fromText) return field.flag.fromText;
  if (field.flag?.value === undefined) return 'switch';
  return (schemaAt(field.schema, []) as any)?.def?.type === 'number' ? 'number' : 'text';
}

/** The choices of an enum field, as its schema takes them (the CLI takes every one). */
function choicesOf(field: AnyField<any>): readonly string[] | undefined {
  const schema = schemaAt(field.schema, []) as any;
  return schema?.def?.type === 'enum' ? schema.options : undefined;
}

/** The default said in --help: the value itself, or on/off for a switch; none for one that depends on the input. */
export function constantDefault(_key: string, field: AnyField<any>): string | undefined {
  return field.default === undefined || typeof field.default === 'function' ? undefined : helpValue(field.default);
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The default a schema gives the field at `path` (a zod `.default()`), for --help; undefined when none. */
export function defaultIn(schema: z.ZodType, path: string): unknown {
  const parent = schemaAt(schema, path.split('.').slice(0, -1)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const field = parent?.def?.shape?.[path.split('.').pop()!];
  return field?.def?.type === 'default' ? field.def.defaultValue : undefined;
}

export function helpValue(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : value === null ? 'none' : String(value);
}
