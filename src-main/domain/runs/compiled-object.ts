import type { z } from 'zod';

/**
 * A fast path for a strict zod object that an import parses once per row (issue 16): each field's
 * schema is read once (its def: number bounds, string length and pattern, enum words, nullable,
 * optional, default) and turned into a plain check; a field of any other kind (a transform, a
 * union) is parsed by its own zod schema. The compiled parser only ever answers for a row zod would
 * accept, with the object zod would return; for anything else it answers undefined and the caller
 * asks zod, so every message stays zod's. compiled-object.test.ts holds it to zod on edge values.
 */

/** What a field check answers for a value its schema refuses. */
const REFUSED: unique symbol = Symbol('refused');
type FieldCheck = (value: unknown) => unknown;

interface CheckDef {
  check?: string;
  value?: number;
  inclusive?: boolean;
  format?: string;
  maximum?: number;
  minimum?: number;
  pattern?: RegExp;
}

interface SchemaDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The schema's own parse, for a kind the compiler does not read. */
function byZod(schema: z.ZodType): FieldCheck {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : REFUSED;
  };
}

/** A number's or string's checks as one predicate; null when one of them is of a kind not read here. */
function checksOf(def: SchemaDef): ((value: never) => boolean) | null {
  const tests: ((value: never) => boolean)[] = [];
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def;
    const bound = c.value as number;
    if (c.check === 'greater_than') tests.push(c.inclusive ? (v: number) => v >= bound : (v: number) => v > bound);
    else if (c.check === 'less_than') tests.push(c.inclusive ? (v: number) => v <= bound : (v: number) => v < bound);
    else if (c.check === 'number_format' && c.format === 'safeint') tests.push((v: number) => Number.isSafeInteger(v));
    else if (c.check === 'max_length') tests.push((v: string) => v.length <= (c.maximum as number));
    else if (c.check === 'min_length') tests.push((v: string) => v.length >= (c.minimum as number));
    else if (
      c.check === 'string_format' &&
      c.format === 'regex' &&
      c.pattern &&
      !c.pattern.global &&
      !c.pattern.sticky
    ) {
      const pattern = c.pattern;
      tests.push((v: string) => pattern.test(v));
    } else return null;
  }
  return (value) => tests.every((test) => test(value));
}

function compileField(schema: z.ZodType): FieldCheck {
  const def = defOf(schema);
  switch (def.type) {
    case 'number': {
      const passes = checksOf(def);
      if (!passes) return byZod(schema);
      // zod's number is a finite one.
      return (v) => (typeof v === 'number' && Number.isFinite(v) && passes(v as never) ? v : REFUSED);
    }
    case 'string': {
      const passes = checksOf(def);
      if (!passes) return byZod(schema);
      return (v) => (typeof v === 'string' && passes(v as never) ? v : REFUSED);
    }
    case 'enum': {
      if ((def.checks ?? []).length > 0) return byZod(schema);
      const words = new Set(Object.values(def.entries ?? {}));
      return (v) => ((typeof v === 'string' || typeof v === 'number') && words.has(v) ? v : REFUSED);
    }
    case 'literal': {
      if ((def.checks ?? []).length > 0) return byZod(schema);
      const values = new Set(def.values);
      return (v) => (values.has(v) ? v : REFUSED);
    }
    case 'nullable': {
      if ((def.checks ?? []).length > 0) return byZod(schema);
      const inner = compileField(def.innerType as z.ZodType);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      if ((def.checks ?? []).length > 0) return byZod(schema);
      const inner = compileField(def.innerType as z.ZodType);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'default': {
      if ((def.checks ?? []).length > 0) return byZod(schema);
      const inner = compileField(def.innerType as z.ZodType);
      // zod's default stands in for an absent value unchecked (a getter: a fresh value each time).
      return (v) => (v === undefined ? def.defaultValue : inner(v));
    }
    default:
      return byZod(schema);
  }
}

/**
 * The object a strict zod object returns for `value`, when it accepts it; undefined when it might
 * not (an unknown key, a field out of range, a value that is not a plain object): ask zod then.
 */
export function compileStrictObject<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape, z.core.$strict>,
): (value: unknown) => z.output<typeof schema> | undefined {
  const keys = Object.keys(schema.shape);
  const known = new Set(keys);
  const checks = keys.map((key) => compileField(schema.shape[key] as unknown as z.ZodType));
  return (value) => {
    if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
      return undefined;
    }
    const input = value as Record<string, unknown>;
    for (const key in input) if (!known.has(key) || input[key] === undefined) return undefined;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const present = Object.hasOwn(input, key);
      const parsed = (checks[i] as FieldCheck)(present ? input[key] : undefined);
      if (parsed === REFUSED) return undefined;
      // As zod: a given key stays (even when a transform makes it undefined), an absent one only with a default.
      if (present || parsed !== undefined) out[key] = parsed;
    }
    return out as z.output<typeof schema>;
  };
}
