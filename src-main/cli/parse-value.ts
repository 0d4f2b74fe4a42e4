import { UsageError } from './usage-error';

// Plain decimal or scientific notation, nothing else: "12x", "0x10", " 4" and "" are rejected.
const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number written in full, e.g. "0.5" or "7e9". */
export function parseNumber(flag: string, text: string): number {
  const value = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) throw new UsageError(flag, `must be a number, got "${text}"`);
  return value;
}

/** A number above zero. */
export function parsePositiveNumber(flag: string, text: string): number {
  const value = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(flag, `must be a positive number, got "${text}"`);
  return value;
}

/** A whole number of at least 1, e.g. a batch size or a GPU count. */
export function parsePositiveInt(flag: string, text: string): number {
  const value = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new UsageError(flag, `must be a positive integer, got "${text}"`);
  return value;
}

/** A comma-separated list of positive integers ("1,2,4,8"). */
export function parsePositiveIntList(flag: string, text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => part === ''))
    throw new UsageError(flag, `must be a comma-separated list of positive integers, got "${text}"`);
  return parts.map((part) => parsePositiveInt(flag, part));
}

/** One of a fixed set of words; the message lists them. */
export function parseChoice<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(text)) return text as T;
  throw new UsageError(flag, `must be one of ${choices.join(', ')}, got "${text}"`);
}

/** A number of at least zero, e.g. a cost or hours of setup. */
export function parseNonNegativeNumber(flag: string, text: string): number {
  const value = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value < 0) throw new UsageError(flag, `must be a number of at least 0, got "${text}"`);
  return value;
}

/** A whole number of at least 0, e.g. an offset or a GPU index. */
export function parseNonNegativeInt(flag: string, text: string): number {
  const value = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new UsageError(flag, `must be a whole number of at least 0, got "${text}"`);
  return value;
}

/** A currency code in any case ("cny" -> "CNY"), one of `choices`. */
export function parseCurrency<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  const upper = text.toUpperCase();
  return parseChoice(flag, (choices as readonly string[]).includes(upper) ? upper : text, choices);
}
