/** Bytes in one GiB (2^30): the unit cards and meters report memory in. */
export const GIB = 2 ** 30;

const SUFFIX_MULTIPLIER: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, g: 1e9, t: 1e12 };

/** The largest parameter count accepted anywhere (the `{ params }` shape has the same limit). */
export const MAX_PARAMS = 1e14;

/**
 * Parses a parameter count written the way people write it: "13b", "6.7B", "350m", "7e9",
 * "1.5T", "70 B", "8x7b" (MoE: experts × size, an upper bound). Returns null when the text is not a
 * count or the count is not a positive finite number; counts above MAX_PARAMS are returned as read,
 * for the caller to refuse with the limit named.
 */
export function parseParamCount(text: string): number | null {
  const cleaned = text
    .trim()
    .toLowerCase()
    .replace(/[\s_,]/g, '')
    .replace(/params?$/, '');
  if (cleaned === '') return null;
  const moe = /^(\d+)x(.+)$/.exec(cleaned);
  if (moe) {
    const inner = parseParamCount(moe[2] ?? '');
    return inner === null ? null : positiveOrNull(Number(moe[1]) * inner);
  }
  const match = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+)([kmbgt]?)$/.exec(cleaned);
  if (!match) return null;
  const value = Number(match[1]) * (SUFFIX_MULTIPLIER[match[2] ?? ''] ?? 1);
  return positiveOrNull(value);
}

function positiveOrNull(value: number): number | null {
  return Number.isFinite(value) && value >= 1 ? value : null;
}

/** The dtype the math runs in for weights held in `precision`: fp32 and fp16 as held, everything else in bf16. */
export function computeDtype(precision: 'fp32' | 'bf16' | 'fp16' | 'fp8' | 'int8' | 'int4'): 'fp32' | 'bf16' | 'fp16' {
  return precision === 'fp32' || precision === 'fp16' ? precision : 'bf16';
}

/** Bytes per element of a plain (unquantized) dtype. */
export function dtypeBytes(dtype: 'fp32' | 'bf16' | 'fp16' | 'fp8' | 'int8' | 'int4'): number {
  switch (dtype) {
    case 'fp32':
      return 4;
    case 'bf16':
    case 'fp16':
      return 2;
    case 'fp8':
    case 'int8':
      return 1;
    case 'int4':
      return 0.5;
  }
}
