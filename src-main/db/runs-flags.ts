import { spreadFlagOf, type ThroughputFlag } from '../domain/calibrate';
import type { Method } from '../domain/estimate/input';
import type { Db } from './driver';
import { rateGroupKey, type ConfigKeys, type RateGroupColumns } from './runs-rate-groups';
import { readUntilWrite } from './write-version';

/**
 * The "shared or throttled instance" flags of each method's runs, the user's own only
 * (domain/calibrate/throughput-flags.ts), with the ids of every flagged run (`runs:flags`), worked out from the whole
 * log once per write version of the file, for every method in the same pass (a caller asking method after method read
 * the log once per method). The Runs page reads its own runs' flags from the rates kept per group instead
 * (runs-rate-groups.ts): no pass over the log, and runs-rate-groups.test.ts holds the two equal. SQLite groups the
 * runs by method, card, GPU count, kind and configuration text and keeps each group's slowest and fastest rate and
 * its ids; the configurations (a log repeats a few hundred) are parsed once each and groups whose configurations
 * differ only in key order or GPU fields are merged by the rate groups' key (rateGroupKey), as the domain's groupKey
 * does. No object per run is made. The runs are read in one pass over the table (NOT INDEXED): a method's measured
 * runs are a large share of the log, and reaching them through an index (of the rate, or of card and method) reads
 * the table in random order, far slower at a million runs than reading all of it in order.
 */

interface GroupRow extends RateGroupColumns {
  method: Method;
  /** Rates of the whole run: a per-GPU figure is scaled to all of the run's GPUs. */
  slowest: number;
  fastest: number;
  /** The group's run ids, comma-separated. */
  ids: string;
}

/** Every method's flags, from one pass over the log (a plain object, which readUntilWrite freezes whole). */
function computeFlags(db: Db): Partial<Record<Method, ThroughputFlag[]>> {
  const rows = db
    .prepare(
      `SELECT method, card_id, gpus, throughput_kind, config, min(tps) AS slowest, max(tps) AS fastest,
         group_concat(id) AS ids
       FROM (SELECT id, method, card_id, gpus, throughput_kind, config,
               CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
             FROM runs NOT INDEXED WHERE tokens_per_second > 0 AND origin = 'mine')
       GROUP BY method, card_id, gpus, throughput_kind, config`,
    )
    .all() as GroupRow[];
  const keys: ConfigKeys = new Map();
  const groups = new Map<string, { method: Method; card: string; slowest: number; fastest: number; ids: number[] }>();
  for (const row of rows) {
    const key = rateGroupKey(row, keys);
    const ids = row.ids.split(',').map(Number);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { method: row.method, card: row.card_id, slowest: row.slowest, fastest: row.fastest, ids });
    } else {
      group.slowest = Math.min(group.slowest, row.slowest);
      group.fastest = Math.max(group.fastest, row.fastest);
      // concat, not push(...ids): a group's ids can be more than a call takes as arguments.
      group.ids = group.ids.concat(ids);
    }
  }
  // In the order of each group's first run, each group's runs by id, as the domain's grouping of runs read by id.
  const ordered = [...groups.values()].map((g) => ({ ...g, ids: g.ids.sort((a, b) => a - b) }));
  ordered.sort((a, b) => a.ids[0]! - b.ids[0]!);
  const flags: Partial<Record<Method, ThroughputFlag[]>> = {};
  for (const g of ordered) {
    const flag = spreadFlagOf(g.card, g.ids.map(String), g.slowest, g.fastest);
    if (flag) (flags[g.method] ??= []).push(flag);
  }
  return flags;
}

const everyMethodsFlags = readUntilWrite(computeFlags);

/** The throughput flags of `method`'s runs, computed (with every other method's) once per write version of `db`. */
export function throughputFlags(db: Db, method: Method): ThroughputFlag[] {
  // Copies: the kept answer is shared (and frozen); a caller may sort or edit what it got.
  return (everyMethodsFlags(db)[method] ?? []).map((flag) => ({ reason: flag.reason, runIds: [...flag.runIds] }));
}
