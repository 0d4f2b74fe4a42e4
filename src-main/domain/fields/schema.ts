import { z } from 'zod';
import { defaultOf, type AnyField, type Entry, type FieldMembers, type FieldTable, type Group } from './field';

/* eslint-disable @typescript-eslint/no-explicit-any -- type-level mapping over any table */
type Schema<E> = E extends { schema: infer S extends z.ZodType } ? S : never;
type HasDefault<E> = E extends { default: unknown } ? true : false;
type GroupObject<M> = z.ZodObject<{ -readonly [K in keyof M]: z.ZodOptional<Schema<M[K]>> }, z.core.$strict>;

/** An entry's schema as callers send it: optional unless required; a group is an optional strict object. */
type EntrySchema<E> =
  E extends Group<infer M, any>
    ? z.ZodOptional<GroupObject<M>>
    : E extends { required: true }
      ? Schema<E>
      : z.ZodOptional<Schema<E>>;

/** The same, with each default filled in by zod itself (tables whose defaults read no context). */
type DefaultedSchema<E> = HasDefault<E> extends true ? z.ZodDefault<Schema<E>> : EntrySchema<E>;

/** A change to some fields: every field optional; null clears one that has no default. */
type PatchSchema<E> = E extends { required: true }
  ? z.ZodOptional<Schema<E>>
  : HasDefault<E> extends true
    ? z.ZodOptional<Schema<E>>
    : z.ZodOptional<z.ZodNullable<Schema<E>>>;

export type TableShape<T> = { -readonly [K in keyof T]: EntrySchema<T[K]> };
export type DefaultedShape<T> = { -readonly [K in keyof T]: DefaultedSchema<T[K]> };
export type PatchShape<T> = { -readonly [K in keyof T]: PatchSchema<T[K]> };
type AnyTable = FieldTable<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The strict zod object a table describes: each field's schema under its key, optional unless
 * required. Defaults are filled later by resolveFields, which can read other fields and says
 * which defaults it used.
 */
export function tableSchema<T extends AnyTable>(table: T): z.ZodObject<TableShape<T>, z.core.$strict> {
  return objectOf(table, (entry) => (entry.kind === 'group' ? groupSchema(entry) : optionalUnlessRequired(entry)));
}

/** The strict object with zod filling each default at parse time: for a table whose defaults read no context. */
export function tableSchemaWithDefaults<T extends AnyTable>(table: T): z.ZodObject<DefaultedShape<T>, z.core.$strict> {
  return objectOf(table, (entry) =>
    entry.kind === 'group'
      ? groupSchema(entry)
      : entry.default !== undefined
        ? entry.schema.default(() => defaultOf(entry, undefined))
        : optionalUnlessRequired(entry),
  );
}

/** The strict object of a change to some fields: all optional, and null clears a field without a default. */
export function patchSchema<T extends AnyTable>(table: T): z.ZodObject<PatchShape<T>, z.core.$strict> {
  return objectOf(table, (entry) => {
    if (entry.kind === 'group') return groupSchema(entry);
    return entry.required || entry.default !== undefined ? entry.schema.optional() : entry.schema.nullable().optional();
  });
}

function objectOf<Ctx, Shape extends z.core.$ZodLooseShape>(
  table: FieldTable<Ctx>,
  schemaOf: (entry: Entry<Ctx>) => z.ZodType,
): z.ZodObject<Shape, z.core.$strict> {
  const shape = Object.fromEntries(Object.entries(table).map(([key, entry]) => [key, schemaOf(entry)]));
  return z.object(shape).strict() as unknown as z.ZodObject<Shape, z.core.$strict>;
}

function optionalUnlessRequired<Ctx>(field: AnyField<Ctx>): z.ZodType {
  return field.required ? field.schema : field.schema.optional();
}

function groupSchema<Ctx>(group: Group<FieldMembers<Ctx>, Ctx>): z.ZodType {
  const members = Object.entries(group.members).map(([key, field]) => [key, field.schema.optional()]);
  return z.object(Object.fromEntries(members)).strict().optional();
}
