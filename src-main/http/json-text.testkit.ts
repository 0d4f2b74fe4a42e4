import fc from 'fast-check';

/**
 * Plain JSON data with two additions the boundary fuzz needs: `RawJson` pieces, written into
 * the body verbatim (numbers JSON.stringify cannot produce, like 1e400 and -0; payloads too big
 * or too deep to build and print as values), and own `__proto__` keys (`ownKeys`).
 */
export class RawJson {
  /** `label` is what a failing case prints instead of the text (10 MB of it, say). */
  constructor(
    readonly text: string,
    readonly label: string = text,
  ) {}

  [fc.toStringMethod](): string {
    return `raw(${this.label})`;
  }
}

/** An object with these own keys, `__proto__` included (a literal would set the prototype instead). */
export function ownKeys(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

class Literal {
  constructor(readonly text: string) {}
}

/** JSON text for a value that may hold RawJson pieces; iterative, so any depth is fine. */
export function toJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Literal || item instanceof RawJson) out.push(item.text);
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

/** `levels` nested arrays (or objects) around 1, as raw text: deep enough to break a recursive walker. */
export function deepNest(levels: number, kind: 'array' | 'object'): RawJson {
  const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
  return new RawJson(open.repeat(levels) + '1' + close.repeat(levels), `${levels} nested ${kind}s`);
}

/** A JSON string of `chars` x's, raw, so a failing case prints its size and not its text. */
export function hugeString(chars: number): RawJson {
  return new RawJson(`"${'x'.repeat(chars)}"`, `a string of ${chars.toLocaleString('en-US')} x's`);
}

export type Path = (string | number)[];

/** Every path to a value inside `root` (the root itself is []), in document order. */
export function pathsOf(root: unknown): Path[] {
  const out: Path[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    out.push(path);
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : isContainer(value)
        ? Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]])
        : [];
    for (let i = children.length - 1; i >= 0; i--) {
      const [step, child] = children[i]!;
      stack.push({ value: child, path: [...path, step] });
    }
  }
  return out;
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !(value instanceof RawJson);
}

/** A deep copy of plain JSON data that keeps own `__proto__` keys and RawJson pieces. */
export function clone(value: unknown): unknown {
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(clone);
  if (isContainer(value)) {
    return ownKeys(Object.keys(value).map((k) => [k, clone((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** One change to a JSON value; `at` picks a path (modulo how many there are), so any number is one. */
export type Edit =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown };

/**
 * `value` with the edits made in order, on a copy (the inserted values are copied too: an
 * arbitrary may hand out one constant many times, and a later edit must not grow it into a
 * cycle). A delete or add with nowhere to go changes nothing.
 */
export function applyEdits(value: unknown, edits: readonly Edit[]): unknown {
  let root = clone(value);
  for (const original of edits) {
    const edit = 'value' in original ? { ...original, value: clone(original.value) } : original;
    const all = pathsOf(root);
    if (edit.kind === 'add') {
      const containers = all.filter((p) => isContainer(valueAt(root, p)));
      if (containers.length === 0) continue;
      const target = valueAt(root, containers[edit.at % containers.length]!) as Record<string, unknown> | unknown[];
      if (Array.isArray(target)) target.push(edit.value);
      else ownKeysAdd(target, edit.key, edit.value);
      continue;
    }
    const paths = edit.kind === 'delete' ? all.slice(1) : all;
    if (paths.length === 0) continue;
    const path = paths[edit.at % paths.length]!;
    if (path.length === 0) {
      if (edit.kind === 'replace') root = edit.value;
      continue;
    }
    const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
    const step = path[path.length - 1]!;
    if (edit.kind === 'replace') ownKeysAdd(parent, step, edit.value);
    else if (Array.isArray(parent)) parent.splice(step as number, 1);
    else delete parent[step];
  }
  return root;
}

function ownKeysAdd(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function valueAt(root: unknown, path: Path): unknown {
  let here = root;
  for (const step of path) here = (here as Record<string | number, unknown>)[step];
  return here;
}
