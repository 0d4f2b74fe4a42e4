import { describe, expect, it } from 'vitest';
import { ledgerCurrencies, monthlyBars, type LedgerRow } from './ledger-rows';

const row = (key: string | null, cost: Record<string, number>): LedgerRow => ({
  key,
  runs: 1,
  gpuHours: 1,
  runsWithoutDuration: 0,
  cost,
});

describe('ledger helpers', () => {
  const rows = [row('2025-12', { CNY: 30 }), row('2025-11', { USD: 4, CNY: 12 }), row('2025-10', {})];
  it('lists the currencies used, the preferred one first', () => {
    expect(ledgerCurrencies(rows, 'USD')).toEqual(['USD', 'CNY']);
    expect(ledgerCurrencies(rows, 'CNY')).toEqual(['CNY', 'USD']);
    expect(ledgerCurrencies([row('2025-10', {})], 'CNY')).toEqual([]);
  });
  it('charts months oldest first, zero where nothing was paid in that currency', () => {
    expect(monthlyBars(rows, 'CNY').map((b) => [b.label, b.value])).toEqual([
      ['2025-10', 0],
      ['2025-11', 12],
      ['2025-12', 30],
    ]);
    expect(monthlyBars(rows, 'CNY', 2).map((b) => b.label)).toEqual(['2025-11', '2025-12']);
  });
});
