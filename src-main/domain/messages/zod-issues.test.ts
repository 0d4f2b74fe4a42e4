import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { offerFieldsSchema } from '../catalog';
import { estimateInputSchema } from '../estimate/input';
import { catalogs } from './catalogs';
import { msg } from './message';
import { renderMessage } from './render';
import { firstProblem, ruleIssue } from './zod-issues';

const lora = { model: 'llama-2-7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 };

/** The first problem of `value` against `schema`, in both languages. */
function said(schema: z.ZodType, value: unknown): { field: string | undefined; en: string; zh: string } {
  const parsed = schema.safeParse(value, { reportInput: true });
  expect(parsed.success).toBe(false);
  const { field, detail } = firstProblem(parsed.error!, schema);
  return {
    field,
    en: renderMessage(detail, catalogs.en, 'en'),
    zh: renderMessage(detail, catalogs['zh-CN'], 'zh-CN'),
  };
}

describe('zod issues as sentences with the schema’s limits', () => {
  it('says 1e30 in a batch field is too big, and what is allowed', () => {
    expect(said(estimateInputSchema, { ...lora, batchSize: 1e30 })).toEqual({
      field: 'batchSize',
      en: 'too big: must be a whole number from 1 to 65,536',
      zh: '太大：应为介于 1 和 65,536 之间的整数',
    });
  });

  it('says zero, a negative number, a fraction and text in a batch field are each wrong, with the same range', () => {
    expect(said(estimateInputSchema, { ...lora, batchSize: 0 }).en).toBe(
      'too small: must be a whole number from 1 to 65,536',
    );
    expect(said(estimateInputSchema, { ...lora, batchSize: -3 }).zh).toBe('太小：应为介于 1 和 65,536 之间的整数');
    expect(said(estimateInputSchema, { ...lora, batchSize: 2.5 }).en).toBe('must be a whole number from 1 to 65,536');
    expect(said(estimateInputSchema, { ...lora, batchSize: 'four' }).en).toBe(
      'must be a whole number from 1 to 65,536',
    );
  });

  it('says a missing field is required, and names the field in the path, not in the sentence', () => {
    const gpus = z.object({ run: z.object({ gpus: z.number().int().min(1) }) });
    expect(said(gpus, { run: {} })).toEqual({ field: 'run.gpus', en: 'is required', zh: '必填' });
    const { method: _method, ...noMethod } = lora;
    expect(said(estimateInputSchema, noMethod)).toEqual({
      field: 'method',
      en: 'is required, one of: inference, full, lora, qlora',
      zh: '必填，应为以下之一：inference, full, lora, qlora',
    });
  });

  it('reads the limits through optional, nested and union schemas', () => {
    expect(said(estimateInputSchema, { ...lora, lora: { rank: 5000, targets: 'attention' } })).toMatchObject({
      field: 'lora.rank',
      en: 'too big: must be a whole number from 1 to 4,096',
    });
    expect(said(estimateInputSchema, { ...lora, gpus: 0 }).en).toBe(
      'too small: must be a whole number from 1 to 1,024',
    );
  });

  it('says an exclusive bound as "above": a price must be above 0', () => {
    const price = offerFieldsSchema.shape.price;
    expect(said(price, 0).en).toBe('too small: must be a number above 0 and at most 10,000,000');
    expect(said(price, 1e30).zh).toBe('太大：应为大于 0 且不大于 10,000,000 的数');
  });

  it('lists the choices of an enum, and the unknown fields of a strict object', () => {
    expect(said(estimateInputSchema, { ...lora, method: 'train' }).en).toBe(
      'must be one of: inference, full, lora, qlora',
    );
    expect(said(estimateInputSchema, { ...lora, colour: 'red' }).en).toBe('unknown field: colour');
  });

  it('says text limits in characters and list limits in items', () => {
    expect(said(z.string().max(80), 'x'.repeat(81)).en).toBe('too long: at most 80 characters');
    expect(said(z.string().min(1), '').zh).toBe('不能为空');
    expect(said(z.array(z.number()).min(1), []).en).toBe('needs at least 1');
  });

  it('keeps the message a rule carries, with its parameters', () => {
    const schema = z.object({ a: z.number(), b: z.number() }).superRefine((value, ctx) => {
      if (value.b < value.a) ctx.addIssue(ruleIssue(['b'], msg('validation.wholeAtLeast', { min: value.a })));
    });
    expect(said(schema, { a: 3, b: 1 })).toEqual({
      field: 'b',
      en: 'a whole number of at least 3',
      zh: '不小于 3 的整数',
    });
  });

  it('falls back to zod’s own bound when the schema is not at hand', () => {
    const parsed = z.number().max(10).safeParse(11);
    const { detail } = firstProblem(parsed.error!);
    expect(renderMessage(detail, catalogs.en, 'en')).toBe('too big: must be a number of at most 10');
  });
});
