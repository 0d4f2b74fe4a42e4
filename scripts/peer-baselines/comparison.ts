/**
 * Runs Cardwise's estimator and every re-implemented peer over data/reference-runs.json and
 * summarises the errors. Pure: the caller passes the parsed data files.
 */
import type { Card } from '../../src-main/domain/catalog';
import { estimateInputSchema, type EstimateInput } from '../../src-main/domain/estimate/input';
import { estimateMemory } from '../../src-main/domain/estimate/memory';
export type { ReferenceRun } from '../../src-main/domain/reference-runs';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import { bytesOnMeter } from '../../src-main/domain/estimate/meter';
import { PEERS } from './adapters';
import { peerInput, type PeerVerdict } from './types';

/** A published run, as data/reference-runs.json stores it (fields this comparison reads). */

export const CARDWISE = 'Cardwise';

/** One estimator's answer on one row. */
export interface RowResult {
  rowId: string;
  core: boolean;
  method: EstimateInput['method'];
  estimator: string;
  /** (predicted − measured) / measured for peak rows; null for rows without a usable peak. */
  errorFraction: number | null;
  /** Predicted not to fit the row's card (null where the card is unknown). */
  predictedOom: boolean | null;
  measuredOom: boolean;
  /** The peer ignored none of the row's settings. */
  strict: boolean;
}

const hasPeak = (run: ReferenceRun): boolean => run.measured.peakMemoryBytes !== null && !run.measured.oom;

/** Every estimator's result on every row that has a config and either a per-GPU peak or a known card. */
export function compareAll(runs: ReferenceRun[], cards: Card[]): RowResult[] {
  const results: RowResult[] = [];
  for (const run of runs) {
    if (run.config === null) continue;
    const config = estimateInputSchema.parse(run.config);
    const card = run.card === null ? undefined : cards.find((c) => c.id === run.card);
    if (run.card !== null && !card) throw new Error(`${run.id}: card ${run.card} is in no cards file`);
    if (!hasPeak(run) && !card) continue;
    const measured = run.measured.peakMemoryBytes;
    const base = { rowId: run.id, core: run.core, method: config.method, measuredOom: run.measured.oom === true };

    const estimate = estimateMemory(config, { presets: [], cards: card ? [card] : [] });
    results.push({
      ...base,
      estimator: CARDWISE,
      errorFraction: hasPeak(run)
        ? (bytesOnMeter(run.measured.memoryMeter ?? 'unknown', estimate.perGpu) - (measured as number)) /
          (measured as number)
        : null,
      predictedOom: card ? estimate.fits[0]?.fits === false : null,
      strict: true,
    });

    for (const peer of PEERS) {
      const verdict: PeerVerdict = peer.predict(peerInput(config));
      if (!verdict.supported) continue;
      results.push({
        ...base,
        estimator: peer.id,
        // Peers predict one total: compared with the measured number as is, whatever the meter.
        errorFraction: hasPeak(run) ? (verdict.perGpuBytes - (measured as number)) / (measured as number) : null,
        // Peers say "fits" when their total is at most the card's memory (gpu_poor/can-it-run "GPUs needed" rule).
        predictedOom: card ? verdict.perGpuBytes > card.memoryGiB * 2 ** 30 : null,
        strict: verdict.ignored.length === 0,
      });
    }
  }
  return results;
}

/** Unsupported-row reasons per peer, counted over rows with a config (for the coverage notes). */
export function unsupportedReasons(runs: ReferenceRun[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const peer of PEERS) {
    const reasons = new Map<string, number>();
    for (const run of runs) {
      if (run.config === null || !(hasPeak(run) || run.measured.oom)) continue;
      const verdict = peer.predict(peerInput(estimateInputSchema.parse(run.config)));
      if (!verdict.supported) reasons.set(verdict.reason, (reasons.get(verdict.reason) ?? 0) + 1);
    }
    out.set(peer.id, reasons);
  }
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number): number => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** Error summary of one estimator on a set of peak rows. */
export interface ErrorSummary {
  rows: number;
  medianAbsPct: number;
  medianSignedPct: number;
  within20: number;
}

export function summarise(results: RowResult[]): ErrorSummary {
  const errors = results.flatMap((r) => (r.errorFraction === null ? [] : [r.errorFraction]));
  const abs = errors.map(Math.abs);
  return {
    rows: errors.length,
    medianAbsPct: 100 * median(abs),
    medianSignedPct: 100 * median(errors),
    within20: abs.filter((a) => a <= 0.2).length / Math.max(1, abs.length),
  };
}

/** OOM rows caught, and runs that ran on a known card but are predicted not to fit. */
export function oomSummary(results: RowResult[]): {
  caught: number;
  oomRows: number;
  falseAlarms: number;
  ranRows: number;
} {
  const oom = results.filter((r) => r.measuredOom && r.predictedOom !== null);
  const ran = results.filter((r) => !r.measuredOom && r.predictedOom !== null);
  return {
    caught: oom.filter((r) => r.predictedOom).length,
    oomRows: oom.length,
    falseAlarms: ran.filter((r) => r.predictedOom).length,
    ranRows: ran.length,
  };
}

/** Head to head: Cardwise and one peer on the peak rows both cover. */
export function headToHead(
  results: RowResult[],
  peerId: string,
  coreOnly: boolean,
  method?: RowResult['method'],
): { rows: number; peer: ErrorSummary; cardwise: ErrorSummary } {
  const peak = results.filter(
    (r) => r.errorFraction !== null && (!coreOnly || r.core) && (!method || r.method === method),
  );
  const peerRows = peak.filter((r) => r.estimator === peerId);
  const ids = new Set(peerRows.map((r) => r.rowId));
  const cardwiseRows = peak.filter((r) => r.estimator === CARDWISE && ids.has(r.rowId));
  return { rows: ids.size, peer: summarise(peerRows), cardwise: summarise(cardwiseRows) };
}

/** Head to head on the card-fit verdicts: OOM rows and ran rows that both estimators cover. */
export function oomHeadToHead(
  results: RowResult[],
  peerId: string,
): { peer: ReturnType<typeof oomSummary>; cardwise: ReturnType<typeof oomSummary> } {
  const peerRows = results.filter((r) => r.estimator === peerId && r.predictedOom !== null);
  const ids = new Set(peerRows.map((r) => r.rowId));
  const cardwiseRows = results.filter((r) => r.estimator === CARDWISE && ids.has(r.rowId) && r.predictedOom !== null);
  return { peer: oomSummary(peerRows), cardwise: oomSummary(cardwiseRows) };
}

export const ESTIMATORS = [CARDWISE, ...PEERS.map((p) => p.id)];
