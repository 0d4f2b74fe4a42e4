import type { Db } from './driver';
import { rebuildFilterCounts } from './runs-counts';
import { rebuildLedgerSums } from './runs-ledger';
import { rebuildRateGroups } from './runs-rate-groups';
import { rebuildRunsText } from './runs-text';

/**
 * What triggers on the run log keep in step with it, each by its triggers' names and how it is built from the
 * whole log: the text index (migration 008, runs-text.ts), the ledger's sums (migration 009, runs-ledger.ts), the
 * rates per group the flags read (migration 010, runs-rate-groups.ts) and the counts per filter combination the run
 * table's totals read (migration 012, runs-counts.ts).
 */
const DERIVED = [
  { triggers: 'runs_text_*', rebuild: rebuildRunsText },
  { triggers: 'runs_ledger_*', rebuild: rebuildLedgerSums },
  { triggers: 'runs_rate_*', rebuild: rebuildRateGroups },
  { triggers: 'runs_counts_*', rebuild: rebuildFilterCounts },
] as const;

/**
 * Runs `write` with those triggers off and builds what they keep from the whole log after, in the caller's
 * transaction (a kill leaves them as they were): for a write of many runs, one build is cheaper than the
 * triggers' work per run (and, for the text index, far cheaper than one insert statement per run, each of which
 * FTS5 writes to the index on its own). A store from before a migration lacks its triggers: what they keep is
 * not built then.
 */
export function withDerivedRebuilt<T>(db: Db, write: () => T): T {
  const dropped = DERIVED.map(({ triggers, rebuild }) => ({
    rebuild,
    triggers: db
      .prepare("SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name = 'runs' AND name GLOB ?")
      .all(triggers) as { name: string; sql: string }[],
  }));
  for (const { triggers } of dropped) {
    for (const trigger of triggers) db.exec(`DROP TRIGGER main."${trigger.name.replaceAll('"', '""')}"`);
  }
  const result = write();
  for (const { triggers, rebuild } of dropped) {
    if (triggers.length === 0) continue;
    rebuild(db);
    for (const trigger of triggers) db.exec(trigger.sql);
  }
  return result;
}
