import type { Currency } from '../catalog';
import { numberFormat } from '../messages/number-format';

/** Decimal places of each currency's minor unit (fen, cent). */
export const MINOR_UNIT_DIGITS: Record<Currency, number> = { CNY: 2, USD: 2 };

const SYMBOL: Record<Currency, string> = { CNY: '¥', USD: '$' };

/**
 * Rounds half away from zero to `digits` decimals without binary drift: the scaled value is first cut to
 * 12 significant digits, so 0.275 × 100 = 27.500000000000004 rounds as 27.5 → 28.
 */
export function roundDecimal(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** digits;
  const raw = Math.abs(value) * scale;
  // Cutting to 12 significant digits moves `raw` by at most half a unit of its 12th digit (≤ raw × 5e-12):
  // only a fraction that close to one half can round the other way, so the string cut (toPrecision: in a CPU
  // profile of a ranking at 1,000 offers, its largest single cost) is taken for those alone.
  const nearHalf = Math.abs(raw - Math.floor(raw) - 0.5) <= raw * 1e-11;
  const scaled = nearHalf ? Number(raw.toPrecision(12)) : raw;
  return (Math.sign(value) * Math.round(scaled)) / scale;
}

/**
 * Rounds up after cutting float noise to 12 significant digits, so 2.0000000000004 billed units stay 2,
 * not 3 (packages started, units of billing granularity).
 */
export function ceilClean(value: number): number {
  return Math.ceil(Number(value.toPrecision(12)));
}

/** Money rounded to the currency's minor unit; never negative (a cost below zero is a bug upstream). */
export function roundMoney(amount: number, currency: Currency): number {
  return Math.max(0, roundDecimal(amount, MINOR_UNIT_DIGITS[currency]));
}

/**
 * Unit prices (per 1M tokens, per GPU-hour) are kept finer than the minor unit, cleaned of float drift:
 * 1.98e6 / 7.2e6 → 0.275, not 0.27500000000000002.
 */
export function cleanUnitPrice(amount: number): number {
  return Math.max(0, roundDecimal(amount, 6));
}

/** "¥0.28", "$1,234.50": the amount rounded to the minor unit with its symbol. */
export function formatMoney(amount: number, currency: Currency): string {
  const digits = MINOR_UNIT_DIGITS[currency];
  const text = numberFormat('en-US', digits, digits).format(roundMoney(amount, currency));
  return `${SYMBOL[currency]}${text}`;
}
