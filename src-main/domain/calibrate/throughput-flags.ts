import type { EstimateInput } from '../estimate/input';
import { msg, type Message } from '../messages';
import type { CalibrationRun } from './types';

/**
 * Throughput of identical runs on the same card should agree within this share: a benchmark whose time
 * varies by more than 10% is likely on a shared instance (article 000 §5.3, docs/sources.md).
 */
export const THROUGHPUT_SPREAD_LIMIT = 0.1;

/** JSON with sorted keys, so two equal configurations give the same text whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function groupKey(run: CalibrationRun): string {
  const config: EstimateInput = { ...run.config, gpu: undefined, gpus: undefined };
  return `${run.card}|${run.gpus}|${run.throughputKind ?? ''}|${canonical(config)}`;
}

/** Runs of one card and configuration whose throughput disagrees, and why that matters. */
export interface ThroughputFlag {
  runIds: string[];
  reason: Message;
}

/**
 * Groups runs with the same card, GPU count and configuration; where their tokens/s differ by more
 * than 10% (fastest ÷ slowest − 1), flags the group: the slower box was probably shared or throttled.
 */
export function flagInconsistentThroughput(runs: CalibrationRun[]): ThroughputFlag[] {
  const groups = new Map<string, CalibrationRun[]>();
  for (const run of runs) {
    const tps = run.measuredTokensPerSecond;
    if (tps === null || !Number.isFinite(tps) || tps <= 0) continue;
    const key = groupKey(run);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const flags: ThroughputFlag[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const speeds = group.map((r) => r.measuredTokensPerSecond as number);
    const slowest = Math.min(...speeds);
    const fastest = Math.max(...speeds);
    const spread = fastest / slowest - 1;
    if (spread <= THROUGHPUT_SPREAD_LIMIT) continue;
    flags.push({
      runIds: group.map((r) => r.id),
      reason: msg('calibration.throughputSpread', {
        card: group[0]!.card,
        slowest,
        fastest,
        spread: spread * 100,
      }),
    });
  }
  return flags;
}
