import type { Prng } from './prng.testkit';

/**
 * Builders of hostile JSON for the boundary fuzz. Values are plain JSON data, except
 * `RawJson`, which is written into the body verbatim: numbers JSON.stringify cannot
 * produce (1e400, -0), and tokens that are not JSON at all (NaN, Infinity).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object with these own keys, `__proto__` included (a literal would set the prototype instead). */
export function ownKeys(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** JSON text for a value that may hold RawJson pieces; iterative, so 10,000 levels are fine. */
export function toJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Literal) out.push(item.text);
    else if (item instanceof RawJson) out.push(item.text);
    else if (Array.isArray(item)) {
      stack.push(new Literal(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push(new Literal(','));
      }
      out.push('[');
    } else if (item !== null && typeof item === 'object') {
      const keys = Object.keys(item);
      stack.push(new Literal('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push((item as Record<string, unknown>)[key]);
        stack.push(new Literal(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`));
      }
      out.push('{');
    } else if (item === undefined) out.push('null');
    else out.push(JSON.stringify(item) ?? 'null');
  }
  return out.join('');
}

class Literal {
  constructor(readonly text: string) {}
}

/** `levels` nested arrays (or objects) around `inner`, built without recursion. */
export function deepNest(levels: number, kind: 'array' | 'object', inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** A 10 MB string: under the body limit, far over every field's limit. */
export const TEN_MB = 'x'.repeat(10 * 1024 * 1024);

/** Single values that break naive validators: wrong types, edge numbers, number-like strings, nasty text. */
export function hostileLeaves(): unknown[] {
  return [
    null,
    true,
    false,
    0,
    -1,
    0.5,
    -0.5,
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
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '0x10',
    '12',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    "'; DROP TABLE runs; --",
    '=HYPERLINK("http://evil.example")',
    '<script>alert(1)</script>',
    'a'.repeat(100_000),
    [],
    {},
    [1, 'two', null],
    ownKeys([['__proto__', { polluted: true }]]),
    ownKeys([['constructor', { prototype: { polluted: true } }]]),
    deepNest(50, 'array'),
  ];
}

/** A random JSON value of any type, at most `depth` levels deep. */
export function randomJson(rng: Prng, depth = 3): unknown {
  const kind = rng.int(depth > 0 ? 8 : 6);
  switch (kind) {
    case 0:
      return rng.pick(hostileLeaves());
    case 1:
      return rng.next() * 10 ** rng.int(12) * (rng.chance(0.3) ? -1 : 1);
    case 2:
      return randomText(rng);
    case 3:
      return rng.chance(0.5);
    case 4:
      return null;
    case 5:
      return rng.int(1000) - 10;
    case 6:
      return Array.from({ length: rng.int(4) }, () => randomJson(rng, depth - 1));
    default:
      return ownKeys(
        Array.from({ length: rng.int(4) }, () => [randomKey(rng), randomJson(rng, depth - 1)] as [string, unknown]),
      );
  }
}

const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'id', 'model', 'x', '', ' ', 'é'];

function randomKey(rng: Prng): string {
  return rng.chance(0.6) ? rng.pick(KEYS) : randomText(rng).slice(0, 12);
}

function randomText(rng: Prng): string {
  const alphabet = 'abcXYZ019 -_.:/\\"\'<>{}[]%\u00e9\u4e2d\u0000\n\t=+@';
  return Array.from({ length: rng.int(16) }, () => alphabet[rng.int(alphabet.length)]).join('');
}

type Path = (string | number)[];

/** Every path to a value inside `root` (the root itself is []). */
export function pathsOf(root: unknown): Path[] {
  const out: Path[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    out.push(path);
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
      for (const key of Object.keys(value))
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return out;
}

/** A deep copy of plain JSON data that keeps own `__proto__` keys and RawJson pieces. */
export function clone(value: unknown): unknown {
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(clone);
  if (value !== null && typeof value === 'object') {
    return ownKeys(Object.keys(value).map((k) => [k, clone((value as Record<string, unknown>)[k])]));
  }
  return value;
}

function containerAt(root: unknown, path: Path): unknown {
  let here = root;
  for (const step of path) here = (here as Record<string | number, unknown>)[step];
  return here;
}

/**
 * A hostile variant of a valid input: one to three edits, each replacing a value with a
 * hostile one, deleting a key, or adding an unknown one. May by chance still be valid:
 * the caller checks with the contract.
 */
export function mutate(rng: Prng, valid: unknown): unknown {
  let value = clone(valid);
  const edits = 1 + rng.int(3);
  for (let e = 0; e < edits; e++) {
    const paths = pathsOf(value);
    const path = rng.pick(paths);
    const choice = rng.int(10);
    if (path.length === 0) {
      if (choice < 2) value = randomJson(rng);
      continue;
    }
    const parent = containerAt(value, path.slice(0, -1)) as Record<string | number, unknown>;
    const key = path[path.length - 1] as string | number;
    if (choice < 6) parent[key] = rng.chance(0.7) ? rng.pick(hostileLeaves()) : randomJson(rng);
    else if (choice < 8 && !Array.isArray(parent)) delete parent[key];
    else if (!Array.isArray(parent))
      Object.defineProperty(parent, rng.pick(KEYS), {
        value: randomJson(rng, 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else parent.push(randomJson(rng, 1));
  }
  return value;
}
