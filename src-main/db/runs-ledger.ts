import { ledgerOptionsSchema, type LedgerOptions } from '../domain/runs/queries';
import type { Db } from './driver';
import { parseInput } from './validate';

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

/** Each grouping's key, a column of runs_ledger_sums (migration 009). */
const LEDGER_KEYS = {
  // 'YYYY-MM' of the run's start in the time zone it was logged in; of the log time when no start is known.
  month: 'month',
  card: 'card_id',
  provider: 'provider',
} as const;

/**
 * The user's own spending (published runs are someone else's), grouped by month, card or
 * provider. Months come newest first; cards and providers by name. Added up from the sums the log's
 * triggers keep per month, card, provider and currency (migration 009): a few rows, whatever the
 * log's size, where a sum over the runs themselves read every one of them (over a second at a million).
 * Added up on every call: those few rows need no answer kept between writes.
 */
export function ledger(db: Db, options: LedgerOptions): LedgerRow[] {
  const { groupBy, currency } = parseInput(ledgerOptionsSchema, options);
  const key = LEDGER_KEYS[groupBy];
  const where = currency ? 'WHERE currency = @currency' : '';
  const params = currency ? { currency } : {};
  const order = groupBy === 'month' ? 'key DESC' : 'key';
  const rows = db
    .prepare(
      `SELECT ${key} AS key, currency, sum(runs) AS runs, total(gpu_hours) AS gpu_hours,
        sum(without_duration) AS without_duration, total(cost) AS cost, sum(costed) AS costed
       FROM runs_ledger_sums ${where} GROUP BY 1, 2 ORDER BY ${order}`,
    )
    .all(params) as LedgerSumRow[];
  return ledgerLines(rows);
}

/** One key's sums in one currency, as SQL adds them up. */
export interface LedgerSumRow {
  key: string | null;
  currency: string | null;
  runs: number;
  gpu_hours: number;
  without_duration: number;
  cost: number;
  /** Runs with a cost. */
  costed: number;
}

/** The ledger's lines from sums per key and currency, in their order: one line per key, its cost per currency. */
export function ledgerLines(rows: readonly LedgerSumRow[]): LedgerRow[] {
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

/**
 * Sums the whole log into runs_ledger_sums again, as migration 009 first filled it (in one pass over the table,
 * NOT INDEXED, as there): for a write of many runs with the table's triggers off (runs-derived.ts).
 */
export function rebuildLedgerSums(db: Db): void {
  db.exec('DELETE FROM runs_ledger_sums');
  db.exec(
    `INSERT INTO runs_ledger_sums
     SELECT substr(coalesce(started_at, created_at), 1, 7), card_id, provider, currency, count(*),
       total(gpus * duration_hours), sum(duration_hours IS NULL), total(cost), count(cost)
     FROM runs NOT INDEXED WHERE origin = 'mine' GROUP BY 1, 2, 3, 4`,
  );
}
