import type { Card, ModelPreset } from '../../src-main/domain/catalog';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import { readDataFile, readReferenceRuns } from '../data-files';

/** What a row's measurement is compared with. */
export type Quantity = 'memory' | 'train' | 'decode' | 'prefill';

/** One published number the estimator is scored on (a run with two numbers gives two rows). */
export interface ScoredRow {
  /** Reference row id, with the quantity: "fms-a100-008:memory". */
  key: string;
  run: ReferenceRun;
  /** Null for a memory row whose source names no GPU (memory does not depend on the card). */
  card: Card | null;
  quantity: Quantity;
  /** Bytes on `meter`, or tokens/s. */
  measured: number;
  /** The meter a memory number was read on: the row's own, or nvidia-smi for the fms rows' second reading. */
  meter: NonNullable<ReferenceRun['measured']['memoryMeter']> | null;
  /** A second reading of a run already scored (fms reports torch allocated and nvidia-smi). */
  secondMeter: boolean;
  /** Leave-one-source-out group: the row's citation. */
  group: string;
}

/** A published out-of-memory run: scored by whether the estimate says it does not fit its card. */
export interface OomRow {
  run: ReferenceRun;
  card: Card;
  group: string;
}

/** The data the harness reads: reference rows, every card, and the presets the estimator resolves. */
export interface Dataset {
  rows: ScoredRow[];
  oom: OomRow[];
  presets: ModelPreset[];
}

/**
 * Every number of data/reference-runs.json the estimator can be scored on: rows with an estimate input and
 * a peak memory on a known meter, or a tokens/s on a known card (OOM rows apart). Peaks taken right after
 * the model was loaded are not a training peak, and a peak of an unpacked run came from its longest
 * micro-batch (recipe.seqLenIsMean): both are left out. The group is the citation's source text,
 * so a fold leaves out one published table or document at a time.
 */
export function loadDataset(): Dataset {
  const cards = new Map(
    [...readDataFile<Card[]>('cards.json'), ...readDataFile<Card[]>('reference-cards.json')].map((c) => [c.id, c]),
  );
  const presets = readDataFile<ModelPreset[]>('models.json');
  const rows: ScoredRow[] = [];
  const oom: OomRow[] = [];
  for (const run of readReferenceRuns()) {
    const card = (run.card === null ? undefined : cards.get(run.card)) ?? null;
    if (!run.config) continue;
    const group = run.citation.source;
    const m = run.measured;
    if (m.oom) {
      if (card) oom.push({ run, card, group });
      continue;
    }
    // A peak of an unpacked run came from its longest micro-batch, which no source states (recipe.seqLenIsMean).
    const peak = m.peakMemoryBytes !== null && m.memoryMeter !== null && !run.recipe.seqLenIsMean;
    const base = { run, card, group, secondMeter: false };
    if (peak && run.observation !== 'peak_memory_after_model_init')
      rows.push({
        ...base,
        key: `${run.id}:memory`,
        quantity: 'memory',
        measured: m.peakMemoryBytes as number,
        meter: m.memoryMeter,
      });
    if (m.nvidiaSmiPeakBytes !== null && !run.recipe.seqLenIsMean)
      rows.push({
        ...base,
        key: `${run.id}:memory-nvidia-smi`,
        quantity: 'memory',
        measured: m.nvidiaSmiPeakBytes,
        meter: 'nvidia-smi',
        secondMeter: true,
      });
    if (card && m.tokensPerSecond !== null && m.throughputKind !== null)
      rows.push({
        ...base,
        key: `${run.id}:${m.throughputKind}`,
        quantity: m.throughputKind,
        measured: m.tokensPerSecond,
        meter: null,
      });
  }
  return { rows, oom, presets };
}
