/**
 * Calibration held out by source (DESIGN.md "Calibration", issue 11 point 8): for each source (citation)
 * held out, the published rows of every other source are logged runs (their raw predictions from the
 * fold's constants, fitted without the held-out source either), the held-out rows are corrected from
 * them, and raw and calibrated errors are compared per calibration group. Nothing the held-out source
 * measured informs either its constants or its correction.
 */
import { calibrate } from '../../src-main/domain/calibrate/calibrate';
import {
  calibrationGroup,
  type CalibrationValidation,
  type GroupValidation,
} from '../../src-main/domain/calibrate/groups';
import { preparedFor } from '../../src-main/domain/calibrate/prepared';
import type { CalibrationRun, MemoryMeter } from '../../src-main/domain/calibrate/types';
import type { FittedConstants } from '../../src-main/domain/estimate/fitted';
import { estimateMemory } from '../../src-main/domain/estimate/memory';
import type { Predictor } from './predict';
import type { Dataset, ScoredRow } from './rows';
import { median } from './stats';

/** One held-out row: its raw error and, for each prior weight tried, its calibrated error. */
export interface CalibratedRow {
  row: ScoredRow;
  group: string;
  raw: number;
  /** estimate × factor ÷ measured − 1, per prior weight (pseudo-runs) tried. */
  calibrated: Map<number, number>;
  /** Whether any other source's run was similar enough to correct it (else the factor is 1). */
  corrected: boolean;
}

/**
 * A group is tested when at least this many held-out rows got a correction from other sources; an
 * untested group stays on (a user's own runs are then the only evidence) and the table says so.
 */
export const MIN_TESTED_ROWS = 5;

/** Prior weights tried, in pseudo-runs: the choice is the one with the lowest held-out median |error|. */
export const PRIOR_RUNS_TRIED = [1, 2, 3, 5, 8, 13] as const;
const ALL_ON: CalibrationValidation = { priorRuns: 3, groups: {} };

/** torch's peak "active" bytes exclude the cache like "allocated" does; an unstated meter cannot be compared. */
function meterOf(meter: ScoredRow['meter']): MemoryMeter | null {
  if (meter === 'torch-active') return 'torch-allocated';
  return meter === 'nvidia-smi' || meter === 'torch-reserved' || meter === 'torch-allocated' ? meter : null;
}

function groupOf(row: ScoredRow): string | null {
  const config = row.run.config;
  if (!config) return null;
  return row.quantity === 'memory'
    ? calibrationGroup('memory', config.method, 'train')
    : calibrationGroup('speed', config.method, row.quantity);
}

/** A published row as a logged run, its prediction from `constants`; null when it names no card or meter. */
function asRun(
  row: ScoredRow,
  predictor: Predictor,
  constants: FittedConstants,
  presets: Dataset['presets'],
): CalibrationRun | null {
  const config = row.run.config;
  if (!config || !row.card) return null;
  const base = {
    id: row.key,
    origin: 'published' as const,
    card: row.card.id,
    gpus: config.gpus ?? 1,
    config,
    outcome: 'ok' as const,
  };
  if (row.quantity === 'memory') {
    const meter = meterOf(row.meter);
    if (!meter) return null;
    const { perGpu } = estimateMemory(config, { presets, cards: [], constants });
    return {
      ...base,
      measuredMemoryBytes: row.measured,
      memoryMeter: meter,
      measuredTokensPerSecond: null,
      predictedMemoryBytes: { totalBytes: perGpu.totalBytes, allocatedBytes: perGpu.allocatedBytes },
      predictedTokensPerSecond: null,
    };
  }
  return {
    ...base,
    measuredMemoryBytes: null,
    memoryMeter: null,
    measuredTokensPerSecond: row.measured,
    predictedMemoryBytes: null,
    predictedTokensPerSecond: predictor.predict(row, constants),
    throughputKind: row.quantity,
  };
}

/**
 * Every held-out row a calibration can correct (a known card, a stated meter for memory), with its raw
 * error and its calibrated error for each prior weight of PRIOR_RUNS_TRIED. `folds` give each source's
 * constants (refitted without it, or the stored folds of fitted-constants.ts).
 */
export function calibrationHeldOut(
  data: Dataset,
  predictor: Predictor,
  folds: ReadonlyArray<{ heldOut: string; constants: FittedConstants }>,
  onFold: (index: number, total: number) => void = () => {},
): CalibratedRow[] {
  const out: CalibratedRow[] = [];
  folds.forEach((fold, index) => {
    const others = data.rows
      .filter((r) => r.group !== fold.heldOut && !r.secondMeter)
      .map((r) => asRun(r, predictor, fold.constants, data.presets))
      .filter((r): r is CalibrationRun => r !== null);
    const prepared = preparedFor(others, data.presets);
    for (const row of data.rows) {
      if (row.group !== fold.heldOut || row.secondMeter) continue;
      const group = groupOf(row);
      const own = asRun(row, predictor, fold.constants, data.presets);
      if (!group || !own || !row.run.config) continue;
      const raw = predictor.predict(row, fold.constants);
      const calibrated = new Map<number, number>();
      let corrected = false;
      for (const priorRuns of PRIOR_RUNS_TRIED) {
        const c = calibrate(
          {
            config: row.run.config,
            card: own.card,
            ...(row.quantity === 'memory' ? {} : { throughputKind: row.quantity }),
          },
          prepared,
          { presets: data.presets, priorRuns, validation: ALL_ON },
        );
        const factor = row.quantity === 'memory' ? c.memoryFactor : c.speedFactor;
        calibrated.set(priorRuns, (raw * factor) / row.measured - 1);
        corrected ||= c.runs > 0;
      }
      out.push({ row, group, raw: raw / row.measured - 1, calibrated, corrected });
    }
    onFold(index, folds.length);
  });
  return out;
}

const medianAbs = (errors: number[]) => median(errors.map(Math.abs));

/**
 * The prior weight with the lowest held-out median |error| over every correctable row (ties: the heavier
 * prior, which moves estimates less), and per group whether calibration with it beats the raw estimate.
 */
export function validationOf(rows: readonly CalibratedRow[]): {
  validation: CalibrationValidation;
  priorTable: Array<{ priorRuns: number; median: number }>;
} {
  const priorTable = PRIOR_RUNS_TRIED.map((priorRuns) => ({
    priorRuns,
    median: medianAbs(rows.map((r) => r.calibrated.get(priorRuns)!)),
  }));
  const best = priorTable.reduce((a, b) => (b.median <= a.median ? b : a));
  const groups: Record<string, GroupValidation> = {};
  for (const group of [...new Set(rows.map((r) => r.group))].sort()) {
    const inGroup = rows.filter((r) => r.group === group);
    const rawMedian = medianAbs(inGroup.map((r) => r.raw));
    const calibratedMedian = medianAbs(inGroup.map((r) => r.calibrated.get(best.priorRuns)!));
    const corrected = inGroup.filter((r) => r.corrected).length;
    const tested = corrected >= MIN_TESTED_ROWS;
    groups[group] = {
      rows: inGroup.length,
      sources: new Set(inGroup.map((r) => r.row.group)).size,
      corrected,
      rawMedian: round(rawMedian),
      calibratedMedian: round(calibratedMedian),
      tested,
      // Compared as stored (4 decimals): a gain under 0.01 percentage point is no gain, and the shipped table agrees.
      on: tested ? round(calibratedMedian) < round(rawMedian) : true,
    };
  }
  return { validation: { priorRuns: best.priorRuns, groups }, priorTable };
}

const round = (x: number) => Number(x.toFixed(4));
