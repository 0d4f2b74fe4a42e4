import { currencySchema, type Currency } from '../../../src-main/domain/catalog';

/** One ledger line as `runs:ledger` returns it. */
export interface LedgerRow {
  key: string | null;
  runs: number;
  gpuHours: number;
  runsWithoutDuration: number;
  cost: Record<string, number>;
}

/** The currencies that appear in the ledger, the user's own currency first. */
export function ledgerCurrencies(rows: readonly LedgerRow[], preferred: Currency): Currency[] {
  const seen = new Set<string>();
  for (const row of rows) for (const [currency, amount] of Object.entries(row.cost)) if (amount > 0) seen.add(currency);
  const known = currencySchema.options.filter((c) => seen.has(c));
  return [...known].sort((a, b) => (a === preferred ? -1 : b === preferred ? 1 : 0));
}

/**
 * Money per month in one currency for the bar chart: oldest first, the last `months` months
 * that have runs (the ledger lists months newest first).
 */
export function monthlyBars(rows: readonly LedgerRow[], currency: Currency, months = 12) {
  return rows
    .filter((row) => row.key !== null)
    .slice(0, months)
    .reverse()
    .map((row) => ({ key: row.key!, label: row.key!, value: row.cost[currency] ?? 0 }));
}
