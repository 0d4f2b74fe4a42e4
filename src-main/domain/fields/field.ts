import type { z } from 'zod';
import type { Message, MessageCode } from '../messages';

/** The unit a number field is in, named in --help and next to its form control. */
export type Unit =
  | 'tokens'
  | 'samples'
  | 'GPUs'
  | 'GiB'
  | 'tokens/s'
  | 'hours'
  | 'money'
  | 'params'
  | 'GB/s'
  | 'TFLOPS'
  | 'TOPS'
  | 'W'
  | 'elements'
  | 'ms'
  | 'requests'
  | 'requests/s'
  | 'fraction';

/** How `cardwise` takes a field: `--name VALUE`, or a switch (`--name`, and `--no-name` when negatable). */
export interface FlagSpec {
  /** Without the leading dashes: 'batch' is `--batch`. */
  name: string;
  /** Placeholder of the value in --help ('N', 'ID'); absent for a switch. */
  value?: string;
  /** The --help line, in English (the CLI's language); the choices and the default are added to it. */
  help: string;
  /** A switch with an off form, `--no-<name>`, for a default that can be on. */
  negatable?: boolean;
  /** Said in --help instead of the default the table computes, where no one value describes it. */
  defaultHelp?: string;
  /**
   * The value for the typed text, where it is not the text itself or a number: the contract's
   * schema then checks it (a conversion, never a second check).
   */
  fromText?: (text: string) => unknown;
}

/** The form section a control sits in. */
export type FormGroup =
  'model' | 'workload' | 'training' | 'gpus' | 'speed' | 'where' | 'measured' | 'serving' | 'money';

/** How a form shows a field. A select's choices are the schema's enum unless `options` narrows them. */
export type ControlSpec =
  | { kind: 'select'; group: FormGroup; options?: readonly string[]; optionLabels: string; emptyLabel?: MessageCode }
  | { kind: 'number'; group: FormGroup; min: number; step: number | 'any' }
  | { kind: 'checkbox'; group: FormGroup }
  | { kind: 'text'; group: FormGroup; placeholder?: string }
  | { kind: 'textarea'; group: FormGroup }
  | { kind: 'datetime'; group: FormGroup }
  /** A catalog row: the card list (options come from the store, not the schema). */
  | { kind: 'card'; group: FormGroup; emptyLabel?: MessageCode }
  /** A preset from the catalog or a size typed as "13B". */
  | { kind: 'model'; group: FormGroup };

/** Whether a field applies in a context: `true`, or the reason it does not (said when a given value is ignored). */
export type Applies<Ctx> = (context: Ctx) => true | Message;

/**
 * One input: its type and range (a zod schema), the ONE default (which may read the fields listed
 * before it), when it applies, its words (label and help as message codes), its CLI flag and its
 * form control.
 */
export interface Field<S extends z.ZodType = z.ZodType, Ctx = never> {
  readonly kind: 'field';
  schema: S;
  /** No default: the caller must give it. */
  required?: boolean;
  unit?: Unit;
  /** The value used when the caller gives none, or how to find it from fields listed earlier in the table. */
  default?: NoInfer<z.output<S>> | ((context: Ctx) => NoInfer<z.output<S>>);
  /**
   * Why the default is what it is, where that depends on the context ("the PEFT QLoRA default"):
   * added to what the result says when the default was used (every default used is said).
   */
  why?: (context: Ctx) => Message | undefined;
  /** When absent the field always applies. A given value that does not apply is ignored, and said so. */
  applies?: Applies<Ctx>;
  label: MessageCode;
  help?: MessageCode;
  flag?: FlagSpec;
  /** How a form shows it; `when` hides it where it changes nothing though it applies (sharding on one GPU). */
  control?: ControlSpec & { when?: (context: Ctx) => boolean };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- a table holds fields of many schema types */
export type AnyField<Ctx> = Field<any, Ctx>;
export type FieldMembers<Ctx> = { readonly [key: string]: AnyField<Ctx> };

/** Fields that travel as one object (`lora: { rank, targets }`), present only where the group applies. */
export interface Group<Members extends FieldMembers<Ctx> = FieldMembers<any>, Ctx = never> {
  readonly kind: 'group';
  members: Members;
  applies?: Applies<Ctx>;
  label: MessageCode;
}

export type Entry<Ctx> = AnyField<Ctx> | Group<any, Ctx>;
export type FieldTable<Ctx> = { readonly [key: string]: Entry<Ctx> };
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Every field has the same properties in the same order (absent ones undefined): one object shape,
 * so reading a table stays fast (an estimate resolves its table once per call, thousands per second).
 */
function fieldOf<F>(spec: object): F {
  return {
    kind: 'field',
    required: false,
    unit: undefined,
    default: undefined,
    why: undefined,
    applies: undefined,
    help: undefined,
    flag: undefined,
    control: undefined,
    ...spec,
  } as F;
}

/** The builders for one table, bound to the context its defaults and rules read. */
export function fieldBuilders<Ctx>() {
  return {
    /** An input with a default: resolveFields fills it, and says so, when the caller leaves it out. */
    field: <S extends z.ZodType>(
      spec: Omit<Field<S, Ctx>, 'kind' | 'required' | 'default'> & Required<Pick<Field<S, Ctx>, 'default'>>,
    ) => fieldOf<Field<S, Ctx> & Required<Pick<Field<S, Ctx>, 'default'>>>(spec),
    /** An input the caller may leave out, with no default (absent means "none"). */
    optional: <S extends z.ZodType>(spec: Omit<Field<S, Ctx>, 'kind' | 'required' | 'default' | 'why'>) =>
      fieldOf<Field<S, Ctx>>(spec),
    /** An input the caller must give. */
    required: <S extends z.ZodType>(spec: Omit<Field<S, Ctx>, 'kind' | 'required' | 'default' | 'why'>) =>
      fieldOf<Field<S, Ctx> & { required: true }>({ ...spec, required: true }),
    group: <M extends FieldMembers<Ctx>>(spec: Omit<Group<M, Ctx>, 'kind'>): Group<M, Ctx> => ({
      kind: 'group',
      ...spec,
    }),
  };
}

/** A field's default in a context (undefined for a field without one). */
export function defaultOf<Ctx>(field: AnyField<Ctx>, context: Ctx): unknown {
  return typeof field.default === 'function' ? (field.default as (context: Ctx) => unknown)(context) : field.default;
}

/** One field of a table with its dotted path ('lora.rank'). */
export interface FieldAt<Ctx> {
  key: string;
  field: AnyField<Ctx>;
}

/** Every field of a table in table order, groups flattened to dotted paths. */
export function listFields<Ctx>(table: FieldTable<Ctx>): FieldAt<Ctx>[] {
  return Object.entries(table).flatMap(([key, entry]): FieldAt<Ctx>[] =>
    entry.kind === 'field'
      ? [{ key, field: entry }]
      : Object.entries(entry.members as FieldMembers<Ctx>).map(([member, field]) => ({
          key: `${key}.${member}`,
          field,
        })),
  );
}
