import { z } from 'zod';
import { msg } from '../messages';

/** How deep a free-form JSON value (a stored estimate) may nest: an estimate is 3–4 levels. */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests no deeper than `maxDepth`, checked without recursion (hostile files nest 10⁵ deep). */
export function nestsAtMost(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > maxDepth) return false;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Any JSON value of bounded depth: the depth is checked first, so zod's own (recursive) walk is safe. */
export const boundedJsonSchema = z
  .unknown()
  .refine((value) => nestsAtMost(value, MAX_JSON_DEPTH), {
    message: `nested deeper than ${MAX_JSON_DEPTH} levels`,
    params: { message: msg('validation.nestedTooDeep', { depth: MAX_JSON_DEPTH }) },
  })
  .pipe(z.json());
