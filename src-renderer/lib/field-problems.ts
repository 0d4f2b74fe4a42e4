import type { z } from 'zod';
import { fieldProblems, type Message } from '../../src-main/domain/messages';

/**
 * What a number field holds, as the number the contract checks: "1e30" stays 1e30 (too big),
 * "-3" stays -3 (too small), "2.5" stays 2.5 (not whole); empty and text become NaN, which the
 * schema words as "must be a whole number from 1 to 65,536". Nothing is refused here: one rule,
 * the contract's, says what is allowed.
 */
export function numberFromText(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A number as people type it: "12", "-3", "2.5", ".5", "1e30" (not "0x10", "Infinity" or "12x"). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Every field at fault in a failed parse, by dotted path ("spot.restartMinutes"), each with the
 * sentence for its first problem; the root's problem under ''.
 */
export function problemsByField(error: z.ZodError, schema: z.ZodType): Record<string, Message> {
  return Object.fromEntries(fieldProblems(error, schema).map(({ field, detail }) => [field ?? '', detail]));
}
