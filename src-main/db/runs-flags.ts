import { flagInconsistentThroughput, type CalibrationRun, type ThroughputFlag } from '../domain/calibrate';
import type { EstimateInput, Method } from '../domain/estimate/input';
import { runOriginSchema, runOutcomeSchema, throughputKindSchema } from '../domain/runs';
import type { Db } from './driver';
import { readUntilWriteBy } from './write-version';

/**
 * The "shared or throttled instance" flags of one method's runs (domain/calibrate/throughput-flags.ts),
 * worked out once per write version of the file: the Runs page asks on every open and after every
 * page it shows, and the log changes far less often. A computation reads only the columns the flags
 * need (no whole-row validation of a hundred thousand runs) and parses each distinct configuration
 * once: a log repeats a few hundred configurations.
 */

interface MeasuredRow {
  id: number;
  origin: string;
  card_id: string;
  gpus: number;
  config: string;
  outcome: string;
  throughput_kind: string | null;
  /** Rate of the whole run: a per-GPU figure is scaled to all of the run's GPUs. */
  tps: number;
}

function computeFlags(db: Db, method: Method): ThroughputFlag[] {
  const rows = db
    .prepare(
      `SELECT id, origin, card_id, gpus, config, outcome, throughput_kind,
         CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
       FROM runs WHERE method = ? AND tokens_per_second > 0 ORDER BY id`,
    )
    .all(method) as MeasuredRow[];
  const configs = new Map<string, EstimateInput>();
  const runs: CalibrationRun[] = rows.map((row) => {
    let config = configs.get(row.config);
    if (!config) {
      config = JSON.parse(row.config) as EstimateInput;
      configs.set(row.config, config);
    }
    const kind = row.throughput_kind === null ? undefined : throughputKindSchema.parse(row.throughput_kind);
    return {
      id: String(row.id),
      origin: runOriginSchema.parse(row.origin),
      card: row.card_id,
      gpus: row.gpus,
      config,
      measuredMemoryBytes: null,
      memoryMeter: null,
      measuredTokensPerSecond: row.tps,
      predictedMemoryBytes: null,
      predictedTokensPerSecond: null,
      outcome: runOutcomeSchema.parse(row.outcome),
      ...(kind ? { throughputKind: kind } : {}),
    };
  });
  return flagInconsistentThroughput(runs);
}

const flagsOf = readUntilWriteBy(computeFlags, (method) => method);

/** The throughput flags of `method`'s runs, computed once per write version of `db`. */
export function throughputFlags(db: Db, method: Method): ThroughputFlag[] {
  // Copies: the kept answer is shared (and frozen); a caller may sort or edit what it got.
  return flagsOf(db, method).map((flag) => ({ reason: flag.reason, runIds: [...flag.runIds] }));
}
