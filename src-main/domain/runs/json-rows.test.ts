import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonRowsError, JsonRowsReader, type JsonRow } from './json-rows';

/** Reads `text` cut at the given places. */
function readChunked(text: string, cuts: number[] = []): JsonRow[] {
  const reader = new JsonRowsReader();
  const bounds = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const rows: JsonRow[] = [];
  let from = 0;
  for (const to of [...bounds, text.length]) {
    rows.push(...reader.push(text.slice(from, to)));
    from = to;
  }
  rows.push(...reader.end());
  return rows;
}

const values = (text: string) => readChunked(text).map((r) => r.value);

describe('JsonRowsReader', () => {
  it('reads the envelope (keys in any order), a bare array and a single run object', () => {
    expect(values('{"version":1,"runs":[{"a":1},{"b":"x"}]}')).toEqual([{ a: 1 }, { b: 'x' }]);
    expect(values('\uFEFF { "runs" : [ {"a":1} ] , "version" : 1 }\n')).toEqual([{ a: 1 }]);
    expect(values('[1, "two", null, [3]]')).toEqual([1, 'two', null, [3]]);
    expect(values('{"card":"rtx-4090","notes":"a } ] \\" ["}')).toEqual([{ card: 'rtx-4090', notes: 'a } ] " [' }]);
    expect(values('[]')).toEqual([]);
    expect(readChunked('[{"a":1},{"a":2}]').map((r) => r.index)).toEqual([0, 1]);
  });

  it('refuses what JSON.parse refuses, and envelopes with the wrong version or runs', () => {
    for (const text of [
      '',
      '{oops',
      '[1,]',
      '[1 2]',
      '{"a":1,}',
      'NaN',
      '[NaN]',
      '"x"',
      '[1]x',
      '{"runs":[1]',
      '[{"a":1}',
    ]) {
      expect(() => readChunked(text), text).toThrow(JsonRowsError);
    }
    expect(() => readChunked('{"version":2,"runs":[]}')).toThrow(expect.objectContaining({ field: 'version' }));
    expect(() => readChunked('{"version":1,"runs":5}')).toThrow(expect.objectContaining({ field: 'runs' }));
  });

  it('reads what JSON.parse reads, whatever the chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 }), (runs, cuts) => {
        const text = JSON.stringify({ version: 1, runs }, null, runs.length % 2 === 0 ? 2 : undefined);
        expect(readChunked(text, cuts).map((r) => r.value)).toEqual(JSON.parse(text).runs);
        expect(readChunked(JSON.stringify(runs), cuts).map((r) => r.value)).toEqual(JSON.parse(JSON.stringify(runs)));
      }),
      { numRuns: 400, seed: 8259 },
    );
  });

  it('keeps an own __proto__ key as data, as JSON.parse does', () => {
    const [row] = values('{"__proto__":{"polluted":true},"card":"x"}');
    expect(Object.keys(row as object)).toEqual(['__proto__', 'card']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
