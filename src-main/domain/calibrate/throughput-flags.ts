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

/** What a configuration puts in a group's key: its canonical JSON without the GPU fields (the run's own count is). */
export function configKey(config: EstimateInput): string {
  return canonical({ ...config, gpu: undefined, gpus: undefined });
}

export function groupKey(run: CalibrationRun): string {
  return `${run.card}|${run.gpus}|${run.throughputKind ?? ''}|${configKey(run.config)}`;
}

/** Runs of one card and configuration whose throughput disagrees, and why that matters. */
export interface ThroughputFlag {
  runIds: string[];
  reason: Message;
}

/**
 * Whether a run takes part in the flags: one of the user's own runs with a measured rate. Published runs are left
 * out: the rows of one table that a configuration cannot tell apart differ by settings the input does not carry
 * (kernel versions, packing), not by a rented box, and calibration, not this flag, compares a published rate with
 * the user's.
 */
export function flaggable(run: CalibrationRun): boolean {
  const tps = run.measuredTokensPerSecond;
  return run.origin === 'mine' && tps !== null && Number.isFinite(tps) && tps > 0;
}

/**
 * Groups the flaggable runs with the same card, GPU count and configuration; where their tokens/s differ by more
 * than 10% (fastest ÷ slowest − 1), flags the group: the slower box was probably shared or throttled.
 */
export function flagInconsistentThroughput(runs: CalibrationRun[]): ThroughputFlag[] {
  const groups = new Map<string, CalibrationRun[]>();
  for (const run of runs) {
    if (!flaggable(run)) continue;
    const key = groupKey(run);
    const same = groups.get(key);
    if (same) same.push(run);
    else groups.set(key, [run]);
  }
  const flags: ThroughputFlag[] = [];
  for (const group of groups.values()) {
    const flag = spreadFlag(group);
    if (flag) flags.push(flag);
  }
  return flags;
}

/** The flag of runs already known to share a groupKey, or null when their speeds agree within 10%. */
export function spreadFlag(group: readonly CalibrationRun[]): ThroughputFlag | null {
  if (group.length < 2) return null;
  let slowest = Infinity;
  let fastest = 0;
  for (const r of group) {
    const tps = r.measuredTokensPerSecond;
    if (tps === null || !Number.isFinite(tps) || tps <= 0) continue;
    slowest = Math.min(slowest, tps);
    fastest = Math.max(fastest, tps);
  }
  return spreadFlagOf(
    group[0]!.card,
    group.map((r) => r.id),
    slowest,
    fastest,
  );
}

/**
 * The flag of a group of runs on `card` whose measured speeds span slowest … fastest tokens/s, or null when they
 * agree within 10% (or the group is one run).
 */
export function spreadFlagOf(card: string, runIds: string[], slowest: number, fastest: number): ThroughputFlag | null {
  const reason = spreadReasonOf(card, runIds.length, slowest, fastest);
  return reason ? { runIds, reason } : null;
}

/** Why a group of `runs` runs on `card` spanning slowest … fastest tokens/s is flagged, or null when it is not. */
export function spreadReasonOf(card: string, runs: number, slowest: number, fastest: number): Message | null {
  if (runs < 2 || !(fastest > 0) || !Number.isFinite(slowest)) return null;
  const spread = fastest / slowest - 1;
  if (spread <= THROUGHPUT_SPREAD_LIMIT) return null;
  return msg('calibration.throughputSpread', { card, slowest, fastest, spread: spread * 100 });
}
