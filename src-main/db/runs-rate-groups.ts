import { configKey, spreadReasonOf } from '../domain/calibrate';
import type { EstimateInput } from '../domain/estimate/input';
import type { Message } from '../domain/messages';
import type { Db } from './driver';
import { readUntilWrite } from './write-version';

/**
 * The "shared or throttled instance" flag of given runs, looked up in the rates the log's triggers keep per group
 * (migrations 010 and 011): what db/runs-flags.ts works out from the whole log, for a page of runs, with no pass over
 * the log. Only the user's own runs are grouped and flagged (domain/calibrate/throughput-flags.ts). Groups whose
 * configurations differ only in key order or GPU fields are merged, as the domain's groupKey does.
 */

interface GroupRow {
  method: string;
  card_id: string;
  gpus: number;
  throughput_kind: string | null;
  config: string;
  runs: number;
  slowest: number;
  fastest: number;
}

/** A merged group: its card, how many measured runs it holds, and their slowest and fastest rate. */
interface Merged {
  card: string;
  runs: number;
  slowest: number;
  fastest: number;
}

/** The domain's key of each configuration text met, parsed once per text. */
export type ConfigKeys = Map<string, string>;

/** The columns of the log that decide a run's rate group. */
export type RateGroupColumns = Pick<GroupRow, 'method' | 'card_id' | 'gpus' | 'throughput_kind' | 'config'>;

/**
 * The key of a run's merged rate group: method, card, GPU count, kind and the domain's key of the configuration
 * (configKey: key order and GPU fields do not matter), as the domain's groupKey within a method.
 */
export function rateGroupKey(row: RateGroupColumns, keys: ConfigKeys): string {
  let config = keys.get(row.config);
  if (config === undefined) {
    config = configKey(JSON.parse(row.config) as EstimateInput);
    keys.set(row.config, config);
  }
  return `${row.method}|${row.card_id}|${row.gpus}|${row.throughput_kind ?? ''}|${config}`;
}

/** Every merged group (a plain object, which readUntilWrite freezes whole), once per write version. */
const mergedGroups = readUntilWrite((db: Db) => {
  const keys: ConfigKeys = new Map();
  const merged: Record<string, Merged> = {};
  for (const row of db.prepare('SELECT * FROM runs_rate_groups').all() as GroupRow[]) {
    const key = rateGroupKey(row, keys);
    const group = merged[key];
    if (!group) merged[key] = { card: row.card_id, runs: row.runs, slowest: row.slowest, fastest: row.fastest };
    else {
      group.runs += row.runs;
      group.slowest = Math.min(group.slowest, row.slowest);
      group.fastest = Math.max(group.fastest, row.fastest);
    }
  }
  return merged;
});

/**
 * The flag of each of `ids` that has one (a measured run whose group's rates spread over 10%), by id. The runs are
 * read again by id for the columns their groups are keyed by, the configuration as stored (the groups are keyed by
 * the stored text, which a listed run's parsed configuration need not spell alike).
 */
export function flagsOfRuns(db: Db, ids: readonly number[]): Map<number, Message> {
  const flags = new Map<number, Message>();
  if (ids.length === 0) return flags;
  const groups = mergedGroups(db);
  const keys: ConfigKeys = new Map();
  const runs = db
    .prepare(
      `SELECT id, method, card_id, gpus, throughput_kind, config FROM runs
       WHERE id IN (SELECT value FROM json_each(?)) AND tokens_per_second > 0 AND origin = 'mine'`,
    )
    .all(JSON.stringify(ids)) as (RateGroupColumns & { id: number })[];
  for (const run of runs) {
    const group = groups[rateGroupKey(run, keys)];
    const reason = group && spreadReasonOf(group.card, group.runs, group.slowest, group.fastest);
    if (reason) flags.set(run.id, reason);
  }
  return flags;
}

/**
 * Groups the user's runs of the whole log into runs_rate_groups again, as migration 011 filled it: for a write of
 * many runs with the table's triggers off (runs-derived.ts).
 */
export function rebuildRateGroups(db: Db): void {
  db.exec('DELETE FROM runs_rate_groups');
  db.exec(
    `INSERT INTO runs_rate_groups
     SELECT method, card_id, gpus, throughput_kind, config, count(*), min(tps), max(tps)
     FROM (SELECT method, card_id, gpus, throughput_kind, config,
             CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
           FROM runs NOT INDEXED WHERE tokens_per_second > 0 AND origin = 'mine')
     GROUP BY 1, 2, 3, 4, 5`,
  );
}
