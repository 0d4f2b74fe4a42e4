import type { z } from 'zod';
import { msg, type Message } from '../messages';

type Issue = z.core.$ZodIssue;

/**
 * The issue a user has to act on: inside a union (a preset id or a shape; a set name or a list),
 * the branch that got furthest, with its path joined to the union's ("model" + "layers").
 */
export function pinpoint(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const branches = issue.errors.map((branch) => branch[0]).filter((first): first is Issue => first !== undefined);
  // 'all' or a billing: every branch refused the same value, so the choices add up.
  if (branches.every((branch) => branch.code === 'invalid_value' && branch.path.length === 0)) {
    const values = branches.flatMap((branch) => (branch.code === 'invalid_value' ? branch.values : []));
    return { ...branches[0]!, values, path: issue.path } as Issue;
  }
  const deepest = branches.reduce((best, next) => (next.path.length > best.path.length ? next : best), branches[0]!);
  if (!deepest) return issue;
  return pinpoint({ ...deepest, path: [...issue.path, ...deepest.path] } as Issue);
}

/** The schema at a path inside an object schema (through optional, default, pipe, array and union). */
export function schemaAt(root: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = root;
  for (const key of path) {
    schema = schema && childOf(unwrap(schema), key);
    if (!schema) return undefined;
  }
  return schema && unwrap(schema);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- walking zod's internal definitions */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = (schema as any).def;
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
    return unwrap(def.innerType);
  }
  if (def.type === 'pipe') return unwrap(def.in);
  return schema;
}

function childOf(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  const def = (schema as any).def;
  if (def.type === 'object') return def.shape[key as string];
  if (def.type === 'array') return def.element;
  if (def.type === 'union') {
    for (const option of def.options as z.ZodType[]) {
      const found = childOf(unwrap(option), key);
      if (found) return found;
    }
  }
  return undefined;
}

/** The bounds a number schema states: its checks, as zod keeps them. */
function numberBounds(schema: z.ZodType | undefined) {
  const def = (schema as any)?.def;
  if (def?.type !== 'number') return null;
  const bounds = { int: false, min: -Infinity, minInclusive: true, max: Infinity, maxInclusive: true };
  for (const check of (def.checks ?? []) as { _zod: { def: any } }[]) {
    const c = check._zod.def;
    if (c.check === 'number_format' && /int/.test(c.format)) bounds.int = true;
    if (c.check === 'greater_than' && c.value >= bounds.min) [bounds.min, bounds.minInclusive] = [c.value, c.inclusive];
    if (c.check === 'less_than' && c.value <= bounds.max) [bounds.max, bounds.maxInclusive] = [c.value, c.inclusive];
  }
  return bounds;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** What a number field takes, in words: "a positive integer", "a number of at least 0". */
function expectedNumber(schema: z.ZodType | undefined): Message {
  const b = numberBounds(schema);
  if (!b) return msg('validation.number');
  const positive = b.min === 0 && !b.minInclusive;
  if (b.int && ((b.min === 1 && b.minInclusive) || positive)) return msg('validation.positiveInteger');
  if (b.int && Number.isFinite(b.min)) return msg('validation.wholeNumberFrom', { min: b.min });
  if (b.int) return msg('validation.wholeNumber');
  if (positive) return msg('validation.positiveNumber');
  if (Number.isFinite(b.min) && b.minInclusive) return msg('validation.numberFrom', { min: b.min });
  return msg('validation.number');
}

/** A schema's own words (a refine, a regex with its message) rather than zod's stock English. */
const STOCK_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key)/;

/**
 * The plain words for one zod issue of one field ("must be at most 65,536", "must be one of
 * a, b"), as a message: the door adds the field (the CLI its flag, the UI its label). `root`
 * is the schema the issue came from, read for a number field's bounds. A missing value is told
 * apart from a wrong one when the input was parsed with `{ reportInput: true }`.
 */
export function issueMessage(issue: Issue, root?: z.ZodType): Message {
  const leaf = root ? schemaAt(root, issue.path) : undefined;
  // Parsed with { reportInput: true }, an issue about a missing value carries input: undefined.
  if (
    'input' in issue &&
    issue.input === undefined &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value')
  ) {
    return issue.code === 'invalid_value'
      ? msg('validation.requiredOneOf', { choices: issue.values.map(String).join(', ') })
      : msg('validation.required');
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return expectedNumber(leaf);
      if (issue.expected === 'boolean') return msg('validation.switch');
      if (issue.expected === 'array') return msg('validation.list');
      if (issue.expected === 'string') return msg('validation.text');
      return msg('validation.invalid');
    case 'invalid_value':
      return msg('validation.oneOf', { choices: issue.values.map(String).join(', ') });
    case 'too_big':
      return tooBig(issue, numberBounds(leaf));
    case 'too_small':
      return tooSmall(issue, numberBounds(leaf));
    case 'unrecognized_keys':
      return msg('validation.unknownKey', { keys: issue.keys.join(', ') });
    case 'invalid_union':
      return issue.errors.length > 0 ? issueMessage(pinpoint(issue), root) : msg('validation.invalid');
    default:
      return STOCK_MESSAGE.test(issue.message)
        ? msg('validation.invalid')
        : msg('validation.custom', { text: issue.message });
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>, bounds: ReturnType<typeof numberBounds>): Message {
  const max = Number(issue.maximum);
  if (issue.origin === 'string') return msg('validation.tooLong', { max });
  if (issue.origin === 'array' || issue.origin === 'set') return msg('validation.listTooLong', { max });
  // 1e308 in an int field breaks the safe-integer range first: the field's own limit is the news.
  const limit = bounds && Number.isFinite(bounds.max) ? bounds.max : max;
  const inclusive = bounds && Number.isFinite(bounds.max) ? bounds.maxInclusive : issue.inclusive !== false;
  return msg(inclusive ? 'validation.atMost' : 'validation.below', { max: limit });
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>, bounds: ReturnType<typeof numberBounds>): Message {
  const min = Number(issue.minimum);
  if (issue.origin === 'string') return min <= 1 ? msg('validation.empty') : msg('validation.tooShort', { min });
  if (issue.origin === 'array' || issue.origin === 'set') return msg('validation.listTooShort', { min });
  if (bounds?.int && min <= 1 && (min === 1 || issue.inclusive === false)) return msg('validation.positiveInteger');
  return msg(issue.inclusive === false ? 'validation.above' : 'validation.atLeast', { min });
}
