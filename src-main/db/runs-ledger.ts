import { ledgerOptionsSchema, type LedgerOptions } from '../domain/runs/queries';
import type { Db } from './driver';
import { parseInput } from './validate';
import { readUntilWriteBy } from './write-version';

/** One line of the spending ledger. */
export interface LedgerRow {
  /** 'YYYY-MM', a card id or a provider; null for runs without a provider. */
  key: string | null;
  runs: number;
  /** Σ gpus × durationHours over the runs that have a duration. */
  gpuHours: number;
  /** Runs with no duration, so their GPU-hours are missing from gpuHours. */
  runsWithoutDuration: number;
  /** Money spent per currency; currencies are never added together. */
  cost: Record<string, number>;
}

const LEDGER_KEYS = {
  // The month of the run's start in the time zone it was logged in; the log time when no start is known.
  month: 'substr(coalesce(started_at, created_at), 1, 7)',
  card: 'card_id',
  provider: 'provider',
} as const;

/**
 * The user's own spending (published runs are someone else's), grouped by month, card or
 * provider, summed in SQL in one pass. Months come newest first; cards and providers by name.
 * Summed once per write version of the file and grouping: the Runs page asks on every open, and a
 * sum over a million runs reads them all.
 */
export function ledger(db: Db, options: LedgerOptions): LedgerRow[] {
  // Copies: the kept sums are shared (and frozen); a caller may edit what it got.
  return summed(db, parseInput(ledgerOptionsSchema, options)).map((row) => ({ ...row, cost: { ...row.cost } }));
}

function sumLedger(db: Db, { groupBy, currency }: ReturnType<typeof ledgerOptionsSchema.parse>): LedgerRow[] {
  const key = LEDGER_KEYS[groupBy];
  const where = `WHERE origin = 'mine'${currency ? ' AND currency = @currency' : ''}`;
  const params = currency ? { currency } : {};
  const order = groupBy === 'month' ? 'key DESC' : 'key';
  const rows = db
    .prepare(
      `SELECT ${key} AS key, currency, count(*) AS runs, total(gpus * duration_hours) AS gpu_hours,
        sum(duration_hours IS NULL) AS without_duration, total(cost) AS cost, count(cost) AS costed
       FROM runs ${where} GROUP BY 1, 2 ORDER BY ${order}`,
    )
    .all(params) as {
    key: string | null;
    currency: string | null;
    runs: number;
    gpu_hours: number;
    without_duration: number;
    cost: number;
    costed: number;
  }[];
  const byKey = new Map<string | null, LedgerRow>();
  for (const row of rows) {
    const line = byKey.get(row.key) ?? { key: row.key, runs: 0, gpuHours: 0, runsWithoutDuration: 0, cost: {} };
    line.runs += row.runs;
    line.gpuHours += row.gpu_hours;
    line.runsWithoutDuration += row.without_duration;
    if (row.currency !== null && row.costed > 0) line.cost[row.currency] = row.cost;
    byKey.set(row.key, line);
  }
  return [...byKey.values()];
}

const summed = readUntilWriteBy(sumLedger, (options) => `${options.groupBy}|${options.currency ?? ''}`);
