import type { z } from 'zod';
import { catalogEn } from './catalog-en';
import { isMessage, msg, type Message, type MessageCode } from './message';
import { renderMessage } from './render';

/**
 * zod's issues as plain sentences with the right limits, in every language: an issue kind maps to a
 * `validation.*` code, and the limits come from the schema at the issue's path, so a batch size of
 * 1e30 reads "too big: must be a whole number from 1 to 65,536" and not "expected int to be <=…".
 * The field's name is not part of the sentence: each door adds it (the CLI its flag, the UI its label).
 */

/** One issue as zod reports it (the fields this module reads). */
export interface ZodIssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  expected?: string;
  received?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: readonly unknown[];
  keys?: readonly string[];
  format?: string;
  divisor?: number;
  params?: Record<string, unknown>;
  /** A union's branches, each with its own issues. */
  errors?: readonly (readonly ZodIssueLike[])[];
}

/** The first problem of a failed parse: the dotted field path (undefined for the value as a whole) and what is wrong. */
export interface FieldProblem {
  field: string | undefined;
  detail: Message;
}

/** Every problem of a failed parse, in zod's order, one per field (the first issue of a field says it best). */
export function fieldProblems(error: { issues: readonly ZodIssueLike[] }, schema?: z.ZodType): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const raw of error.issues) {
    const issue = pinpoint(raw);
    const field = fieldOf(issue);
    if (seen.has(field ?? '')) continue;
    seen.add(field ?? '');
    problems.push({ field, detail: issueMessage(issue, schema) });
  }
  return problems;
}

/** The first problem of a failed parse. */
export function firstProblem(error: { issues: readonly ZodIssueLike[] }, schema?: z.ZodType): FieldProblem {
  return fieldProblems(error, schema)[0] ?? { field: undefined, detail: msg('validation.invalid') };
}

/** The dotted path of an issue ("spot.restartMinutes", "offers.1.currency"); undefined at the root. */
export function fieldOf(issue: Pick<ZodIssueLike, 'path'>): string | undefined {
  return issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
}

/**
 * A custom rule's issue (superRefine) that carries its sentence as a message: zod keeps the English
 * text in `message` for anyone who reads it raw, and the message in `params` for the doors.
 */
export function ruleIssue(
  path: (string | number)[],
  message: Message,
): { code: 'custom'; path: (string | number)[]; message: string; params: { message: Message } } {
  return { code: 'custom', path, message: renderMessage(message, catalogEn, 'en'), params: { message } };
}

/**
 * The issue a user has to act on: inside a union (a preset id or a shape; a set name or a list),
 * the branch that got furthest, with its path joined to the union's ("model" + "layers"). Where
 * every branch refused the value itself ('all' or a billing), their choices add up.
 */
export function pinpoint(issue: ZodIssueLike): ZodIssueLike {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return issue;
  const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
  if (branches.length === 0) return issue;
  if (branches.every((branch) => branch.code === 'invalid_value' && branch.path.length === 0)) {
    return { ...branches[0]!, values: branches.flatMap((branch) => branch.values ?? []), path: issue.path };
  }
  const deepest = branches.reduce((best, next) => (next.path.length > best.path.length ? next : best));
  return pinpoint({ ...deepest, path: [...issue.path, ...deepest.path] });
}

/** The sentence for one issue, with the limits of the schema at its path when `schema` is given. */
export function issueMessage(raw: ZodIssueLike, schema?: z.ZodType): Message {
  const issue = pinpoint(raw);
  const carried = issue.params?.message;
  if (isMessage(carried)) return carried;
  // A schema may name its sentence by code (`{ error: 'import.publishedRun' }`).
  if (issue.message in catalogEn) return msg(issue.message as MessageCode);
  const leaf = schema ? schemaAt(schema, issue.path) : undefined;
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue, leaf);
    case 'invalid_type':
      return typeMessage(issue, leaf);
    case 'invalid_value':
      return 'input' in issue && issue.input === undefined
        ? msg('validation.requiredOneOf', { options: (issue.values ?? []).map(String).join(', ') })
        : valueMessage(issue.values ?? []);
    case 'unrecognized_keys':
      return msg('validation.unknownFields', { fields: (issue.keys ?? []).join(', ') });
    case 'invalid_format':
      return issue.format === 'date' || issue.format === 'datetime' ? msg('validation.date') : msg('validation.format');
    case 'not_multiple_of':
      return msg('validation.multipleOf', { step: Number(issue.divisor) });
    default:
      return msg('validation.invalid');
  }
}

function valueMessage(values: readonly unknown[]): Message {
  const shown = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  if (shown.length === 1) return msg('validation.only', { value: shown[0]! });
  return msg('validation.oneOf', { options: shown.join(', ') });
}

function sizeMessage(issue: ZodIssueLike, leaf: z.ZodType | undefined): Message {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'string') {
    if (!big && limit === 1) return msg('validation.empty');
    return big ? msg('validation.tooLong', { max: limit }) : msg('validation.tooShort', { min: limit });
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return big ? msg('validation.tooManyItems', { max: limit }) : msg('validation.tooFewItems', { min: limit });
  }
  const limits = numberLimits(leaf) ?? { whole: issue.origin === 'int', minExclusive: false, maxExclusive: false };
  // zod's own safe-integer bound stands in only where the schema sets none.
  if (big && limits.max === undefined) Object.assign(limits, { max: limit, maxExclusive: issue.inclusive === false });
  if (!big && limits.min === undefined) Object.assign(limits, { min: limit, minExclusive: issue.inclusive === false });
  return msg(big ? 'validation.tooBig' : 'validation.tooSmall', { allowed: allowedNumber(limits) });
}

function typeMessage(issue: ZodIssueLike, leaf: z.ZodType | undefined): Message {
  const missing = 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
  if (missing && issue.received === undefined) return msg('validation.required');
  // 1e400 reads as Infinity: it is too big (or too small), not "not a number".
  if (issue.received === 'Infinity' || issue.received === '-Infinity') {
    const limits = numberLimits(leaf) ?? anyNumber();
    return msg(issue.received === 'Infinity' ? 'validation.tooBig' : 'validation.tooSmall', {
      allowed: allowedNumber(limits),
    });
  }
  switch (issue.expected) {
    case 'int':
      return msg('validation.notWhole', { allowed: allowedNumber(numberLimits(leaf) ?? wholeOnly()) });
    case 'number':
      return msg('validation.notNumber', { allowed: allowedNumber(numberLimits(leaf) ?? anyNumber()) });
    case 'string':
      return msg('validation.notText');
    case 'boolean':
      return msg('validation.notBoolean');
    case 'array':
      return msg('validation.notList');
    case 'object':
      return msg('validation.notObject');
    default:
      return msg('validation.invalid');
  }
}

/** A number schema's limits as a user reads them: a whole number's exclusive bound becomes the next whole number. */
interface NumberLimits {
  whole: boolean;
  min?: number;
  minExclusive: boolean;
  max?: number;
  maxExclusive: boolean;
}

const wholeOnly = (): NumberLimits => ({ whole: true, minExclusive: false, maxExclusive: false });
const anyNumber = (): NumberLimits => ({ whole: false, minExclusive: false, maxExclusive: false });

interface CheckDef {
  check?: string;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
}

function numberLimits(schema: z.ZodType | undefined): NumberLimits | undefined {
  if (!schema || schema.def.type !== 'number') return undefined;
  const limits = anyNumber();
  const checks = (schema.def as { checks?: { _zod: { def: CheckDef } }[] }).checks ?? [];
  for (const { _zod } of checks) {
    const { check, value, inclusive, format } = _zod.def;
    if (check === 'number_format' && format !== undefined && /int/.test(format)) limits.whole = true;
    if (check === 'greater_than' && typeof value === 'number' && (limits.min === undefined || value >= limits.min)) {
      Object.assign(limits, { min: value, minExclusive: inclusive === false });
    }
    if (check === 'less_than' && typeof value === 'number' && (limits.max === undefined || value <= limits.max)) {
      Object.assign(limits, { max: value, maxExclusive: inclusive === false });
    }
  }
  if (limits.whole && limits.min !== undefined && limits.minExclusive && Number.isInteger(limits.min)) {
    Object.assign(limits, { min: limits.min + 1, minExclusive: false });
  }
  if (limits.whole && limits.max !== undefined && limits.maxExclusive && Number.isInteger(limits.max)) {
    Object.assign(limits, { max: limits.max - 1, maxExclusive: false });
  }
  return limits;
}

/** "a whole number from 1 to 65,536", "a number above 0 and at most 10", "a number". */
export function allowedNumber(limits: NumberLimits): Message {
  const kind = limits.whole ? 'whole' : 'number';
  const { min, max } = limits;
  const low = min === undefined ? '' : limits.minExclusive ? 'Above' : 'AtLeast';
  const high = max === undefined ? '' : limits.maxExclusive ? 'Below' : 'AtMost';
  const shape = low === 'AtLeast' && high === 'AtMost' ? 'Between' : `${low}${high}` || 'Any';
  const params: Record<string, number> = {};
  if (min !== undefined) params.min = min;
  if (max !== undefined) params.max = max;
  return msg(`validation.${kind}${shape}` as MessageCode, params);
}

/** The schema that validates the value at `path` (through optional, default, pipe, union…); undefined if none. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let here: z.ZodType | undefined = unwrap(schema);
  for (const key of path) {
    if (!here) return undefined;
    here = unwrap(child(here, key));
  }
  return here;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
  options?: z.ZodType[];
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let here = schema;
  for (let depth = 0; here && depth < 32; depth += 1) {
    const def = here.def as Def;
    if (WRAPPERS.has(def.type)) here = def.innerType;
    else if (def.type === 'pipe') here = def.in;
    else if (def.type === 'lazy' && def.getter) here = def.getter();
    else return here;
  }
  return here;
}

function child(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  const def = schema.def as Def;
  switch (def.type) {
    case 'object':
      return def.shape?.[String(key)];
    case 'array':
      return def.element;
    case 'tuple':
      return def.items?.[Number(key)];
    case 'record':
      return def.valueType;
    case 'union':
      for (const option of def.options ?? []) {
        const found = unwrap(option) && child(unwrap(option)!, key);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}
