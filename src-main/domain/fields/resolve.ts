import type { z } from 'zod';
import { msg, type Message, type MessageCode, type MessageParam } from '../messages';
import { defaultOf, type AnyField, type Applies, type FieldMembers, type FieldTable, type Group } from './field';

/* eslint-disable @typescript-eslint/no-explicit-any -- type-level mapping over any table */
type ResolvedValue<E> = E extends { schema: infer S extends z.ZodType }
  ? E extends { default: unknown } | { required: true }
    ? z.output<S>
    : z.output<S> | undefined
  : never;

/** A table's values after resolveFields: every default filled; a group that does not apply is undefined. */
export type Resolved<T> = {
  -readonly [K in keyof T]: T[K] extends Group<infer M, any>
    ? { -readonly [F in keyof M]: ResolvedValue<M[F]> } | undefined
    : ResolvedValue<T[K]>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** One entry of a table, ready to resolve: the table is read once (estimates run by the thousand). */
interface Step {
  key: string;
  field?: AnyField<never>;
  group?: Group<FieldMembers<never>, never>;
  members?: [string, AnyField<never>][];
}

const steps = new WeakMap<object, Step[]>();

function stepsOf(table: FieldTable<never>): Step[] {
  let list = steps.get(table);
  if (!list) {
    list = Object.entries(table).map(([key, entry]) =>
      entry.kind === 'field' ? { key, field: entry } : { key, group: entry, members: Object.entries(entry.members) },
    );
    steps.set(table, list);
  }
  return list;
}

/**
 * Fills the defaults of a parsed input from its table, in table order, so a default can read the
 * values resolved before it (QLoRA's precision is int4, its quantization then bitsandbytes). A
 * given value that does not apply (an optimizer for inference) is dropped, and said so. Returns
 * the values and one message per default used, and per value dropped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each table has its own context type
export function resolveFields<T extends FieldTable<any>>(
  table: T,
  input: Readonly<Record<string, unknown>>,
): { values: Resolved<T>; assumptions: Message[] } {
  const assumptions: Message[] = [];
  const values: Record<string, unknown> = {};
  const context = values as never;
  for (const { key, field, group, members } of stepsOf(table as FieldTable<never>)) {
    const given = input[key];
    if (field) {
      values[key] = resolveOne(field, given, context, assumptions);
      continue;
    }
    const why = reasonItDoesNotApply(group!.applies, context);
    if (why) {
      if (given !== undefined) assumptions.push(ignored(group!, why));
      values[key] = undefined;
      continue;
    }
    const givenMembers = (given ?? {}) as Record<string, unknown>;
    const resolved: Record<string, unknown> = {};
    for (const [member, memberField] of members!) {
      resolved[member] = resolveOne(memberField, givenMembers[member], context, assumptions);
    }
    values[key] = resolved;
  }
  return { values: values as Resolved<T>, assumptions };
}

function resolveOne<Ctx>(field: AnyField<Ctx>, given: unknown, context: Ctx, assumptions: Message[]): unknown {
  const why = reasonItDoesNotApply(field.applies, context);
  if (why) {
    if (given !== undefined) assumptions.push(ignored(field, why));
    return defaultOf(field, context);
  }
  if (given !== undefined || field.default === undefined) return given;
  const value = defaultOf(field, context);
  assumptions.push(saidDefault(field, value, context));
  return value;
}

/** "Batch size (per GPU): 1 (default)", or with the reason: "Gradient checkpointing: on (the PEFT QLoRA default)". */
function saidDefault<Ctx>(field: AnyField<Ctx>, value: unknown, context: Ctx): Message {
  const why = field.why?.(context);
  if (!why && typeof field.default !== 'function') return constantDefault(field);
  const field_ = labelOf(field);
  const value_ = valueMessage(field, value);
  return why
    ? msg('assume.defaultBecause', { field: field_, value: value_, reason: why })
    : msg('assume.default', { field: field_, value: value_ });
}

// Messages are plain data that nobody changes, so one per field serves every estimate.
const labels = new WeakMap<object, Message>();
const constantDefaults = new WeakMap<object, Message>();

function labelOf<Ctx>(entry: AnyField<Ctx> | Group<FieldMembers<Ctx>, Ctx>): Message {
  let label = labels.get(entry);
  if (!label) labels.set(entry, (label = msg(entry.label)));
  return label;
}

function constantDefault<Ctx>(field: AnyField<Ctx>): Message {
  let said = constantDefaults.get(field);
  if (!said) {
    said = msg('assume.default', { field: labelOf(field), value: valueMessage(field, field.default) });
    constantDefaults.set(field, said);
  }
  return said;
}

/** A value as the form shows it: a choice by its label, a switch as on/off, a number as a number. */
export function valueMessage<Ctx>(field: AnyField<Ctx>, value: unknown): MessageParam {
  if (typeof value === 'boolean') return msg(value ? 'value.on' : 'value.off');
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && field.control?.kind === 'select') {
    return optionLabel(field.control.optionLabels, value);
  }
  return String(value);
}

/** The message of one choice of a select: `option.<set>.<value>`. */
export function optionLabel(set: string, value: string): Message {
  return msg(`option.${set}.${value}` as MessageCode);
}

function reasonItDoesNotApply<Ctx>(applies: Applies<Ctx> | undefined, context: Ctx): Message | null {
  const answer = applies?.(context) ?? true;
  return answer === true ? null : answer;
}

/** "LoRA settings ignored: the method is full fine-tuning". */
function ignored<Ctx>(entry: AnyField<Ctx> | Group<FieldMembers<Ctx>, Ctx>, reason: Message): Message {
  return msg('assume.ignored', { field: labelOf(entry), reason });
}
