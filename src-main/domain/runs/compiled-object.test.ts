import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { syntheticRuns } from '../../db/synthetic-runs.testkit';
import { compileStrictObject } from './compiled-object';
import { runFieldsSchema } from './run-schema';

const fast = compileStrictObject(runFieldsSchema);

/** Values at and around every bound the run fields have, and of every wrong type. */
const edgeValue = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    1024,
    1025,
    4096,
    4096.0001,
    1e5,
    1e9,
    1e9 + 1,
    1e10,
    1e10 + 1,
    1e8,
    2 ** 53,
    NaN,
    Infinity,
    -Infinity,
    '',
    'ok',
    'oom',
    'nvidia-smi',
    'torch-reserved',
    'decode',
    'train',
    'per-gpu',
    'vllm',
    'CNY',
    'USD',
    'usd',
    'rtx-4090',
    'RTX-4090',
    '2025-11-30',
    '2025-11-30T14:05:00+08:00',
    '2025-11-30T14:05:00',
    'x'.repeat(80),
    'x'.repeat(81),
    'x'.repeat(10_001),
    null,
    true,
    [],
    {},
  ),
  fc.double(),
  fc.integer(),
  fc.string(),
);

const keys = [...Object.keys(runFieldsSchema.shape), 'unknownKey'];
const logged = [...syntheticRuns(0, 50)];
/** A logged run with a few fields set to edge values or removed: near the boundary between accepted and refused. */
const row = fc
  .tuple(
    fc.integer({ min: 0, max: logged.length - 1 }),
    fc.array(fc.tuple(fc.constantFrom(...keys), fc.option(edgeValue, { nil: undefined, freq: 4 })), { maxLength: 3 }),
  )
  .map(([at, changes]) => {
    const value: Record<string, unknown> = { ...logged[at] };
    for (const [key, changed] of changes) {
      if (changed === undefined) delete value[key];
      else value[key] = changed;
    }
    return value;
  });

describe('compileStrictObject', () => {
  it("answers only for values zod accepts, with zod's object (keys, order, defaults, transforms)", () => {
    let answered = 0;
    let refused = 0;
    fc.assert(
      fc.property(row, (value) => {
        const compiled = fast(value);
        const parsed = runFieldsSchema.safeParse(value);
        if (!parsed.success) refused++;
        if (compiled === undefined) return;
        answered++;
        expect(parsed.success).toBe(true);
        expect(compiled).toStrictEqual(parsed.data);
        expect(Object.keys(compiled)).toEqual(Object.keys(parsed.data!));
      }),
      { seed: 16, numRuns: 5_000 },
    );
    // The generator reaches both sides of the boundary, or the property above would say little.
    expect(answered).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('answers for the runs of a log (the fast path is taken), as zod does', () => {
    for (const run of syntheticRuns(0, 500)) {
      const compiled = fast(run);
      expect(compiled).toBeDefined();
      expect(compiled).toStrictEqual(runFieldsSchema.parse(run));
    }
    // An empty note and provider read back absent, as the schema's transform makes them.
    const blank = { ...syntheticRuns(0, 1).next().value, provider: '', notes: '' };
    expect(fast(blank)).toStrictEqual(runFieldsSchema.parse(blank));
  });

  it('leaves to zod what is not a plain object, an unknown key or an undefined value', () => {
    const base = syntheticRuns(0, 1).next().value;
    for (const value of [
      null,
      'run',
      [base],
      Object.create(base),
      { ...base, extra: 1 },
      { ...base, cost: undefined },
    ]) {
      expect(fast(value)).toBeUndefined();
    }
  });

  it('reads number bounds, lengths, patterns, enums, literals and defaults from the schema', () => {
    const schema = z
      .object({
        n: z.number().int().gt(0).lt(10),
        s: z.string().min(2).max(3).regex(/^a/),
        e: z.enum(['x', 'y']).nullable(),
        l: z.literal('mine').optional(),
        d: z.number().default(7),
      })
      .strict();
    const parse = compileStrictObject(schema);
    for (const value of [
      { n: 1, s: 'ab', e: null },
      { n: 9, s: 'abc', e: 'x', l: 'mine', d: 0 },
      { n: 0, s: 'ab', e: 'x' },
      { n: 10, s: 'ab', e: 'x' },
      { n: 1.5, s: 'ab', e: 'x' },
      { n: 1, s: 'a', e: 'x' },
      { n: 1, s: 'abcd', e: 'x' },
      { n: 1, s: 'bb', e: 'x' },
      { n: 1, s: 'ab', e: 'z' },
      { n: 1, s: 'ab', e: 'x', l: 'theirs' },
      { n: 1, s: 'ab' },
    ]) {
      const parsed = schema.safeParse(value);
      expect(parse(value)).toStrictEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
