import { describe, expect, it } from 'vitest';
import { boundedJsonSchema, MAX_JSON_DEPTH, nestsAtMost } from './bounded-json';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

describe('bounded JSON', () => {
  it('accepts an estimate-shaped value and refuses deep nesting without overflowing the stack', () => {
    expect(boundedJsonSchema.safeParse({ totalBytes: 1, breakdown: { weights: 2 }, list: [1, [2]] }).success).toBe(
      true,
    );
    expect(nestsAtMost(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsAtMost(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(false);
    const deep = boundedJsonSchema.safeParse(nested(100_000));
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]?.message).toMatch(/nested deeper/);
  });
});
