import type { Currency } from '../catalog';
import { MINOR_UNIT_DIGITS, roundMoney } from '../cost/money';

/**
 * Money at the edges: the planner computes in floats and turns amounts into whole minor units
 * (fen, cents) only when it writes a bill line. Rounding itself is the shared rule of
 * `cost/money.ts` (half away from zero, decimal-safe, never negative).
 */

/** An amount as whole minor units: 1.005 CNY → 101 fen. Negative, NaN and infinite amounts become 0. */
export function toMinorUnits(amount: number, currency: Currency): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.round(roundMoney(amount, currency) * 10 ** MINOR_UNIT_DIGITS[currency]);
}

/** Whole minor units back to a major-unit number (101 → 1.01). */
export function fromMinorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** MINOR_UNIT_DIGITS[currency];
}

/**
 * Rounds each line to minor units and totals the rounded lines in integer minor units, so the
 * total is exactly the sum of the lines a user sees.
 */
export function roundBill<T extends { amount: number }>(
  lines: readonly T[],
  currency: Currency,
): { lines: T[]; total: number } {
  let totalMinor = 0;
  const rounded = lines.map((line) => {
    const minor = toMinorUnits(line.amount, currency);
    totalMinor += minor;
    return { ...line, amount: fromMinorUnits(minor, currency) };
  });
  return { lines: rounded, total: fromMinorUnits(totalMinor, currency) };
}
